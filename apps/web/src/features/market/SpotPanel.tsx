import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Where spot order entry and the order lists will go; until that feature exists, it says so. */
export default function SpotPanel() {
  const { t } = useTranslation();
  return (
    <section className="tm-mk-card tm-mk-soon" aria-labelledby="tm-mk-soon-title">
      <ClockCircleOutlined className="tm-mk-soon-icon" />
      <div>
        <h2 id="tm-mk-soon-title">{t('market.spot.title')}</h2>
        <p>{t('market.spot.body')}</p>
      </div>
    </section>
  );
}
