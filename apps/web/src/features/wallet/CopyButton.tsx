import { CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Copies `text` and says whether it worked (the clipboard exists only on secure origins). */
export default function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('deposit.copied'));
    } catch {
      void message.error(t('deposit.copyFailed'));
    }
  };
  return (
    <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
      {t('deposit.copy')}
    </Button>
  );
}
