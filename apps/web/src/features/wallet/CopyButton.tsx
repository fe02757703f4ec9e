import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/Toasts';

/** Copies `text` and says whether it worked (the clipboard exists only on secure origins). */
export default function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('deposit.copied'));
    } catch {
      toast.error(t('deposit.copyFailed'));
    }
  };
  return (
    <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
      {t('deposit.copy')}
    </Button>
  );
}
