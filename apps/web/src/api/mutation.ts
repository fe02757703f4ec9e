import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { CallInput, CallOutput, CallSpec } from '@tidemark/protocol';
import { useTranslation } from 'react-i18next';
import { ApiError, submitter } from './client';
import { useToast } from '../components/Toasts';

/** Shows a failed call: the server's message (already in the user's language), or a generic network text. */
export function useShowError(): (error: unknown) => void {
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => toast.error(error instanceof ApiError ? error.message : t('errors.network')),
    [toast, t],
  );
}

/** A call that changes something; a refusal is always shown, so no form fails silently. */
export function useApiMutation<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'onError'>,
) {
  return useMutation({ ...options, onError: useShowError() });
}

/**
 * A call of the protocol's table that changes something. Money-moving calls send an
 * `Idempotency-Key` per intent (see `submitter`), so a double click moves money once.
 */
export function useCallMutation<C extends CallSpec>(
  spec: C,
  options: Omit<UseMutationOptions<CallOutput<C>, Error, CallInput<C>>, 'onError' | 'mutationFn'> = {},
) {
  // one submitter per form, so its intent outlives re-renders
  const [send] = useState(() => submitter(spec));
  return useApiMutation<CallOutput<C>, CallInput<C>>({ ...options, mutationFn: send });
}
