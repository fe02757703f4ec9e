import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { logout } from '../features/account/api';
import { clearSession } from './store';
import { useToast } from '../components/Toasts';

/** Logs out on the server first, so the token is revoked there, then forgets the session here. */
export function useLogout(): () => Promise<void> {
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('logout.failed'));
      return;
    }
    clearSession();
    // A full load drops every cached answer and open connection of the old session.
    window.location.assign('/login');
  }, [toast, t]);
}
