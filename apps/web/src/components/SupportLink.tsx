import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCommonConfig } from '../api/queries';

// The URL is operator configuration; only web links may become a clickable href.
const WEB_URL = /^https?:\/\//i;

/** The customer-service chat, when the operator has configured one. */
export default function SupportLink({ block = false }: { block?: boolean }) {
  const { t } = useTranslation();
  const url = useCommonConfig().data?.support_url ?? '';
  if (!WEB_URL.test(url)) return null;
  return (
    <Button
      type="text"
      block={block}
      icon={<CustomerServiceOutlined aria-hidden />}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
    >
      {t('nav.support')}
    </Button>
  );
}
