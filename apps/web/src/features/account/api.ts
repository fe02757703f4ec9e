import type {
  TChangePasswordRequest,
  TCheckEmailRequest,
  TCheckMobileRequest,
  TCountriesResponse,
  TForgetRequest,
  THasPasswordResponse,
  TLoginRequest,
  TLoginResponse,
  TNoticeResponse,
  TPayPasswordRequest,
  TRealNameRequest,
  TRegisterRequest,
  TSendMailRequest,
  TSendPhoneRequest,
  TSurveyRequest,
  TUserCenterResponse,
  TUserInfoResponse,
} from '@tidemark/protocol';
import { get, post, type Answer } from '../../api/client';

/*
 * Every account call of the web app, one function per path: pages and hooks reach the server
 * only through these, typed by the protocol's request and response types.
 */

type Notice = Answer<TNoticeResponse>;

/** The session token; `user_info` must be read with it before it is stored. */
export const login = (fields: TLoginRequest) => post<Answer<TLoginResponse>>('/api/user/login', fields);

/** Revokes the session's token on the server. */
export const logout = () => get<Notice>('/api/user/logout');

/** `token` reads the info of a session not stored yet (right after login). */
export const fetchUserInfo = (token?: string) => get<Answer<TUserInfoResponse>>('/api/user/info', undefined, token);

export const fetchUserCenter = () => get<Answer<TUserCenterResponse>>('/api/user/center');

export const fetchCountries = () => get<Answer<TCountriesResponse>>('/api/common/countries');

export const fetchHasPayPassword = () => post<Answer<THasPasswordResponse>>('/api/user/has_password');

export const register = (fields: TRegisterRequest) => post<Notice>('/api/user/register', fields);

export const sendMailCode = (fields: TSendMailRequest) => post<Notice>('/api/sms_mail', fields);

export const sendPhoneCode = (fields: TSendPhoneRequest) => post<Notice>('/api/sms_send', fields);

export const checkEmailCode = (fields: TCheckEmailRequest) => post<Notice>('/api/user/check_email', fields);

export const checkMobileCode = (fields: TCheckMobileRequest) => post<Notice>('/api/user/check_mobile', fields);

/** Sets a new password with a mailed code (the forgotten-password flow). */
export const resetPassword = (fields: TForgetRequest) => post<Notice>('/api/user/forget', fields);

/** Changes the password of the session's own account. */
export const changePassword = (fields: TChangePasswordRequest) => post<Notice>('/api/user/e_pwd', fields);

export const submitIdentity = (fields: TRealNameRequest) => post<Notice>('/api/user/real_name', fields);

/** Mails a code to the stored address, for setting the fund password. */
export const sendPayPasswordCode = () => post<Notice>('/api/user/pay_password_code');

export const setPayPassword = (fields: TPayPasswordRequest) => post<Notice>('/api/user/pay_password', fields);

/** Mails the invitee-survey code; the server sends it to the stored address, the fields are the spec's. */
export const sendSurveyCode = (fields: { user_string: string; lang: string }) =>
  post<Notice>('/api/sms_mailinve', { ...fields, type: 'investee' });

export const submitSurvey = (fields: TSurveyRequest) => post<Notice>('/api/user/invee_survey', fields);
