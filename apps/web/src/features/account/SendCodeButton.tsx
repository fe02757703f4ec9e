import { limits } from '@tidemark/protocol';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowError } from '../../api/mutation';
import { useToast } from '../../components/Toasts';

const RESEND_SECONDS = limits.codeResendMs / 1000;

interface Props {
  /**
   * Checks the form and asks the server for a code; resolves to the server's notice, or to
   * undefined when a local check failed (the form already shows why) and nothing was sent.
   */
  send: () => Promise<string | undefined>;
}

/** "Get code", then a 60-second countdown in seconds; a failed send re-enables it at once. */
export default function SendCodeButton({ send }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useShowError();
  const [sending, setSending] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const onClick = async () => {
    setSending(true);
    try {
      const notice = await send();
      if (notice === undefined) return;
      setSecondsLeft(RESEND_SECONDS);
      toast.success(notice);
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button className="tm-code-button" loading={sending} disabled={secondsLeft > 0} onClick={() => void onClick()}>
      {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
    </Button>
  );
}
