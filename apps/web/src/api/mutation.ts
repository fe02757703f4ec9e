import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './client';

/** Shows a failed call: the server's message (already in the user's language), or a generic network text. */
export function useShowError(): (error: unknown) => void {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => void message.error(error instanceof ApiError ? error.message : t('errors.network')),
    [message, t],
  );
}

/** A call that changes something; a refusal is always shown, so no form fails silently. */
export function useApiMutation<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'onError'>,
) {
  return useMutation({ ...options, onError: useShowError() });
}
