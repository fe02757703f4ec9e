import { calls } from '@tidemark/protocol';
import { App } from 'antd';
import { useCallMutation } from '../../api/mutation';
import { reloadAfter, TRANSFER_RELOAD_MS } from './reload';

/**
 * Moves funds between two of the user's accounts, with one idempotency key per submit; on
 * success says so and reloads the page.
 */
export function useTransfer() {
  const { message } = App.useApp();
  return useCallMutation(calls.walletChange, {
    onSuccess: (notice) => {
      // keyed: the submits of a double click share one answer, and show it once
      void message.success({ content: notice, key: calls.walletChange.path });
      reloadAfter(TRANSFER_RELOAD_MS);
    },
  });
}
