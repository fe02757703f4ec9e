import { calls } from '@tidemark/protocol';
import { useCallMutation } from '../../api/mutation';
import { reloadAfter, TRANSFER_RELOAD_MS } from './reload';
import { useToast } from '../../components/Toasts';

/**
 * Moves funds between two of the user's accounts, with one idempotency key per submit; on
 * success says so and reloads the page.
 */
export function useTransfer() {
  const toast = useToast();
  return useCallMutation(calls.walletChange, {
    onSuccess: (notice) => {
      // keyed: the submits of a double click share one answer, and show it once
      toast.success({ content: notice, key: calls.walletChange.path });
      reloadAfter(TRANSFER_RELOAD_MS);
    },
  });
}
