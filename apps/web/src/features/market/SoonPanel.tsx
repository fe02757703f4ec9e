import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Where a trading page's order entry and order lists will go; until that feature exists it says
 * so (spot), while the market around it is live.
 */
export default function SoonPanel({ feature }: { feature: 'spot' }) {
  const { t } = useTranslation();
  const title = { spot: t('market.spot.title') }[feature];
  const body = { spot: t('market.spot.body') }[feature];
  return (
    <section className="tm-mk-card tm-mk-soon" aria-labelledby="tm-mk-soon-title">
      <ClockCircleOutlined className="tm-mk-soon-icon" />
      <div>
        <h2 id="tm-mk-soon-title">{title}</h2>
        <p>{body}</p>
      </div>
    </section>
  );
}
