import { get, post } from '../../api/client';
import { setSession } from '../../session/store';
import type { UserInfo } from './queries';

/**
 * Logs in and stores what the spec keeps in local storage: token, user_id, accountNum (the
 * e-mail, else the phone), extension_code and is_invee. The user info is read with the new token
 * before anything is stored, so a half-made session is never left behind.
 */
export async function logIn(fields: { user_string: string; password: string; area_code_id?: number }): Promise<void> {
  const token = await post<string>('/api/user/login', { ...fields, type: '1' });
  const info = await get<UserInfo>('/api/user/info', undefined, token);
  setSession('token', token);
  setSession('user_id', info.id);
  setSession('accountNum', info.email || info.phone);
  setSession('extension_code', info.extension_code);
  setSession('is_invee', info.is_invee);
}
