import { useQuery } from '@tanstack/react-query';
import type { ZCountry, ZUserInfo } from '@tidemark/protocol';
import { get, post } from '../../api/client';

/** GET /api/user/info: review_status 0 none, 1 in review, 2 verified, 3 rejected. */
export type UserInfo = ReturnType<(typeof ZUserInfo)['parse']>;
/** A country with its phone calling code. */
export type Country = ReturnType<(typeof ZCountry)['parse']>;

/** Review status values of the identity verification. */
export const REVIEW = { none: 0, inReview: 1, verified: 2, rejected: 3 } as const;

export const userInfoKey = ['user', 'info'] as const;
export const userCenterKey = ['user', 'center'] as const;
export const hasPasswordKey = ['user', 'has_password'] as const;

export function useUserInfo() {
  return useQuery({ queryKey: userInfoKey, queryFn: () => get<UserInfo>('/api/user/info') });
}

export function useCountries() {
  return useQuery({
    queryKey: ['common', 'countries'],
    queryFn: () => get<Country[]>('/api/common/countries'),
    staleTime: Infinity,
  });
}

/** The identity review status alone. */
export function useUserCenter() {
  return useQuery({
    queryKey: userCenterKey,
    queryFn: () => get<{ review_status: number }>('/api/user/center'),
  });
}

/** Whether a fund password is set; the server answers 1 (set) or 2 (none). */
export function useHasPayPassword() {
  return useQuery({
    queryKey: hasPasswordKey,
    queryFn: async () => (await post<1 | 2>('/api/user/has_password')) === 1,
  });
}
