import { calls, type CallInput, type Calls } from '@tidemark/protocol';
import { call } from '../../api/client';

/*
 * Every account call of the web app, one function per call of the protocol's table: pages and
 * hooks reach the server only through these, typed by the table.
 */

type In<C extends keyof Calls> = CallInput<Calls[C]>;

/** The session token; `user_info` must be read with it before it is stored. */
export const login = (fields: In<'userLogin'>) => call(calls.userLogin, fields);

/** Revokes the session's token on the server. */
export const logout = () => call(calls.userLogout, undefined);

/** `token` reads the info of a session not stored yet (right after login). */
export const fetchUserInfo = (token?: string) => call(calls.userInfo, undefined, { token });

export const fetchUserCenter = () => call(calls.userCenter, undefined);

export const fetchCountries = () => call(calls.commonCountries, undefined);

export const fetchHasPayPassword = () => call(calls.userHasPassword, undefined);

export const register = (fields: In<'userRegister'>) => call(calls.userRegister, fields);

export const sendMailCode = (fields: In<'smsMail'>) => call(calls.smsMail, fields);

export const sendPhoneCode = (fields: In<'smsSend'>) => call(calls.smsSend, fields);

export const checkEmailCode = (fields: In<'userCheckEmail'>) => call(calls.userCheckEmail, fields);

export const checkMobileCode = (fields: In<'userCheckMobile'>) => call(calls.userCheckMobile, fields);

/** Sets a new password with a mailed code (the forgotten-password flow). */
export const resetPassword = (fields: In<'userForget'>) => call(calls.userForget, fields);

/** Changes the password of the session's own account. */
export const changePassword = (fields: In<'userChangePassword'>) => call(calls.userChangePassword, fields);

export const submitIdentity = (fields: In<'userRealName'>) => call(calls.userRealName, fields);

/** Mails a code to the stored address, for setting the fund password. */
export const sendPayPasswordCode = () => call(calls.userPayPasswordCode, undefined);

export const setPayPassword = (fields: In<'userPayPassword'>) => call(calls.userPayPassword, fields);

/** Mails the invitee-survey code; the server sends it to the stored address of the session. */
export const sendSurveyCode = () => call(calls.smsMailInvee, undefined);

export const submitSurvey = (fields: In<'userInveeSurvey'>) => call(calls.userInveeSurvey, fields);


/** The authenticator app: a new secret to scan, its first code turning it on, a code turning it off. */
export const startTotpSetup = () => call(calls.userTotpSetup, undefined);

export const enableTotp = (fields: In<'userTotpEnable'>) => call(calls.userTotpEnable, fields);

export const disableTotp = (fields: In<'userTotpDisable'>) => call(calls.userTotpDisable, fields);
