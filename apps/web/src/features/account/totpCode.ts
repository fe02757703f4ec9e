/** An authenticator code: 6 digits (spaces around are trimmed by the server too). */
export const TOTP_CODE_PATTERN = /^\s*[0-9]{6}\s*$/;

/** An authenticator code, or a recovery code as shown (xxxxx-xxxxx, any case, the dash optional). */
export const TOTP_OR_RECOVERY_PATTERN = /^\s*(?:[0-9]{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})\s*$/;
