import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallOutput, Calls } from '@tidemark/protocol';
import { useApiMutation } from '../../api/mutation';
import {
  fetchCountries,
  fetchHasPayPassword,
  fetchUserCenter,
  fetchUserInfo,
  setPayPassword,
  submitIdentity,
} from './api';

/** The signed-in user (`calls.userInfo`): review_status 0 none, 1 in review, 2 verified, 3 rejected. */
export type UserInfo = CallOutput<Calls['userInfo']>;
/** A country with its phone calling code. */
export type Country = CallOutput<Calls['commonCountries']>[number];

/** Review status values of the identity verification. */
export const REVIEW = { none: 0, inReview: 1, verified: 2, rejected: 3 } as const;

export const userInfoKey = ['user', 'info'] as const;
export const userCenterKey = ['user', 'center'] as const;
export const hasPasswordKey = ['user', 'has_password'] as const;

export function useUserInfo() {
  return useQuery({ queryKey: userInfoKey, queryFn: () => fetchUserInfo() });
}

export function useCountries() {
  return useQuery({ queryKey: ['common', 'countries'], queryFn: fetchCountries, staleTime: Infinity });
}

/** The identity review status alone. */
export function useUserCenter() {
  return useQuery({ queryKey: userCenterKey, queryFn: fetchUserCenter });
}

/** Whether a fund password is set; the server answers 1 (set) or 2 (none). */
export function useHasPayPassword() {
  return useQuery({ queryKey: hasPasswordKey, queryFn: async () => (await fetchHasPayPassword()) === 1 });
}

/** Sets the fund password; what shows it is reloaded. `onDone` gets the server's notice. */
export function useSetPayPassword(onDone: (notice: string) => void) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: setPayPassword,
    onSuccess: (notice) => {
      void queryClient.invalidateQueries({ queryKey: hasPasswordKey });
      void queryClient.invalidateQueries({ queryKey: userInfoKey });
      onDone(notice);
    },
  });
}

/** Sends the identity for review; what shows the review status is reloaded. */
export function useSubmitIdentity(onDone: (notice: string) => void) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: submitIdentity,
    onSuccess: (notice) => {
      void queryClient.invalidateQueries({ queryKey: userCenterKey });
      void queryClient.invalidateQueries({ queryKey: userInfoKey });
      onDone(notice);
    },
  });
}
