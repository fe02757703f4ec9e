import { App } from 'antd';
import { useApiMutation } from '../../api/mutation';
import { transfer } from './api';
import { reloadAfter, TRANSFER_RELOAD_MS } from './reload';

/** Moves funds between two of the user's accounts; on success says so and reloads the page. */
export function useTransfer() {
  const { message } = App.useApp();
  return useApiMutation({
    mutationFn: transfer,
    onSuccess: (notice) => {
      void message.success(notice);
      reloadAfter(TRANSFER_RELOAD_MS);
    },
  });
}
