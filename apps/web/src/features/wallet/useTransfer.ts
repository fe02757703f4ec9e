import { App } from 'antd';
import { post } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { reloadAfter, TRANSFER_RELOAD_MS } from './reload';
import type { Wallet } from './wallets';

export interface Transfer {
  number: string;
  from_field: Wallet;
  to_field: Wallet;
  currency_id: number;
}

/** Moves funds between two of the user's accounts; on success says so and reloads the page. */
export function useTransfer() {
  const { message } = App.useApp();
  return useApiMutation({
    mutationFn: (transfer: Transfer) => post<string>('/api/wallet/change', { ...transfer }),
    onSuccess: (notice) => {
      void message.success(notice);
      reloadAfter(TRANSFER_RELOAD_MS);
    },
  });
}
