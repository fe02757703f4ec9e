import { useTranslation } from 'react-i18next';
import { maskAccount } from '../session/mask';
import { useSessionValue } from '../session/useSession';

/** The logged-in account as shown in the header: a masked phone number, an e-mail, or "Account". */
export function useAccountName(): string {
  const { t } = useTranslation();
  const account = useSessionValue('accountNum');
  return account ? maskAccount(account) : t('nav.account');
}
