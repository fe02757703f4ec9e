import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { logout } from '../features/account/api';
import { clearSession } from './store';
import { useToast } from '../components/Toasts';

/**
 * Ends a session on the server first, so its token is revoked there, then forgets it here; a
 * failure is said and the session kept, so nobody leaves believing a live token ended. The
 * trader's logout and the staff console's sign-out alike.
 */
export function useEndSession(revoke: () => Promise<unknown>, forget: () => void, failed: string) {
  const toast = useToast();
  const [ending, setEnding] = useState(false);
  const end = async () => {
    setEnding(true);
    try {
      await revoke();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : failed);
      setEnding(false);
      return;
    }
    forget();
  };
  return { end, ending };
}

/** The trader's logout. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  return useEndSession(
    logout,
    () => {
      clearSession();
      // A full load drops every cached answer and open connection of the old session.
      window.location.assign('/login');
    },
    t('logout.failed'),
  ).end;
}
