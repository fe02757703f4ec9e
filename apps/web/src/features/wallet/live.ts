import { useQueryClient } from '@tanstack/react-query';
import { usePrivateEvent } from '../../realtime/RealtimeProvider';

/** Every wallet answer is stale once a trade of the user filled: balances, records and withdrawal quotas. */
export function useLiveWallets(): void {
  const queryClient = useQueryClient();
  usePrivateEvent('afterCoinTrade', () => void queryClient.invalidateQueries({ queryKey: ['wallet'] }));
}
