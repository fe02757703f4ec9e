import type { TLoginRequest } from '@tidemark/protocol';
import { setSession } from '../../session/store';
import { fetchUserInfo, login } from './api';

/**
 * Logs in and stores what the spec keeps in local storage: token, user_id, accountNum (the
 * e-mail, else the phone), extension_code and is_invee. The user info is read with the new token
 * before anything is stored, so a half-made session is never left behind.
 */
export async function logIn(fields: Omit<TLoginRequest, 'type'>): Promise<void> {
  const token = await login({ ...fields, type: '1' });
  const info = await fetchUserInfo(token);
  setSession('token', token);
  setSession('user_id', info.id);
  setSession('accountNum', info.email || info.phone || '');
  setSession('extension_code', info.extension_code);
  setSession('is_invee', info.is_invee);
}
