import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallInput, CallOutput, CallSpec } from '@tidemark/protocol';
import { ApiError, call } from '../api/client';
import { intent } from '../api/idempotency';
import { adminText } from './texts';
import { useToast } from '../components/Toasts';

/**
 * The staff console's calls: the staff token (kept for this tab only, so closing it signs out)
 * instead of the trader's, and a lost staff session returns to the console's sign-in.
 */
const STAFF_TOKEN_KEY = 'tidemark.staff_token';
const listeners = new Set<() => void>();

export function staffToken(): string | undefined {
  return sessionStorage.getItem(STAFF_TOKEN_KEY) ?? undefined;
}

export function setStaffToken(token: string | undefined): void {
  if (token) sessionStorage.setItem(STAFF_TOKEN_KEY, token);
  else sessionStorage.removeItem(STAFF_TOKEN_KEY);
  for (const listener of listeners) listener();
}

export function onStaffTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function adminCall<C extends CallSpec>(spec: C, input: CallInput<C>, idempotencyKey?: string): Promise<CallOutput<C>> {
  const token = staffToken();
  return call(spec, input, { ...(token ? { token } : {}), ...(idempotencyKey ? { idempotencyKey } : {}), onSessionLost: () => setStaffToken(undefined) });
}

/** A staff decision: money calls keep one Idempotency-Key per intent; the queues reload after it. */
export function useAdminMutation<C extends CallSpec>(spec: C, options: { onSuccess?: (answer: CallOutput<C>) => void } = {}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [submits] = useState(() => intent<CallOutput<C>>());
  return useMutation({
    mutationFn: (input: CallInput<C>) =>
      spec.money ? submits.submit(input, (key) => adminCall(spec, input, key)) : adminCall(spec, input),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      options.onSuccess?.(answer);
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : adminText('network')),
  });
}
