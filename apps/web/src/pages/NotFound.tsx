import { CompassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import Panel from '../components/Panel';
import RouteButton from '../components/RouteButton';
import { usePageTitle } from '../hooks/usePageTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Panel
      icon={<CompassOutlined aria-hidden />}
      title={t('notFound.title')}
      body={t('notFound.body')}
      extra={
        <RouteButton type="primary" to="/exchange">
          {t('notFound.back')}
        </RouteButton>
      }
    />
  );
}
