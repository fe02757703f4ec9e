import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/Toasts';

/** The invite code and a button that copies the register link carrying it. */
export default function InviteLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const link = `${window.location.origin}/register?extension_code=${encodeURIComponent(code)}`;
  const copy = async () => {
    try {
      // The clipboard exists only on secure origins; anything that fails says so.
      await navigator.clipboard.writeText(link);
      toast.success(t('security.copied'));
    } catch {
      toast.error(t('security.copyFailed'));
    }
  };
  return (
    <div className="tm-invite">
      <div className="tm-invite-code">
        <span>{t('security.inviteCode')}</span>
        <strong>{code}</strong>
      </div>
      <code className="tm-invite-link">{link}</code>
      <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
        {t('security.copyLink')}
      </Button>
    </div>
  );
}
