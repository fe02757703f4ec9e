import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Where a trading page's order entry and order lists will go; until that feature exists it says
 * so (leveraged contracts or micro options), while the market around it is live.
 */
export default function SoonPanel({ feature }: { feature: 'lever' | 'micro' }) {
  const { t } = useTranslation();
  const title = { lever: t('pages.contracts'), micro: t('pages.second') }[feature];
  const body = { lever: t('market.lever.body'), micro: t('market.micro.body') }[feature];
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
