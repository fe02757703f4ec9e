import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import RouteButton from './RouteButton';

/** To the transfer between the trader's wallets: the header's main action. */
export default function TransferButton({ onClick, block = false }: { onClick?: () => void; block?: boolean }) {
  const { t } = useTranslation();
  return (
    <RouteButton type="primary" to="/transferlegal" block={block} icon={<SwapOutlined aria-hidden />} onClick={onClick}>
      {t('nav.transfer')}
    </RouteButton>
  );
}
