import type { ErrorCode, NoticeCode } from '../errors';
import type { Translations } from '../messages';

/** Traders' authenticator app (TOTP): asked at sign-in and on withdrawal once turned on. */
export const TOTP_MESSAGES = {
  totp_required: {
    zh: '请输入身份验证器中的6位动态码',
    hk: '請輸入身份驗證器中的6位動態碼',
    en: 'Enter the 6-digit code from your authenticator app',
    kr: '인증 앱의 6자리 코드를 입력하세요',
    jp: '認証アプリの6桁のコードを入力してください',
    spa: 'Introduzca el código de 6 dígitos de su aplicación de autenticación',
  },
  totp_locked: {
    zh: '动态码错误次数过多，已锁定，请{minutes}分钟后再试',
    hk: '動態碼錯誤次數過多，已鎖定，請{minutes}分鐘後再試',
    en: 'Too many wrong authenticator codes: locked, try again in {minutes} min',
    kr: '인증 코드 오류가 너무 많아 잠겼습니다. {minutes}분 후에 다시 시도하세요',
    jp: '認証コードの誤りが多すぎるためロックされました。{minutes}分後に再試行してください',
    spa: 'Demasiados códigos del autenticador incorrectos: bloqueado, inténtelo de nuevo en {minutes} min',
  },
  totp_already_on: {
    zh: '身份验证器已开启',
    hk: '身份驗證器已開啟',
    en: 'The authenticator app is already on',
    kr: '인증 앱이 이미 켜져 있습니다',
    jp: '認証アプリは既にオンです',
    spa: 'La aplicación de autenticación ya está activada',
  },
  totp_not_on: {
    zh: '身份验证器未开启',
    hk: '身份驗證器未開啟',
    en: 'The authenticator app is not on',
    kr: '인증 앱이 켜져 있지 않습니다',
    jp: '認証アプリはオンになっていません',
    spa: 'La aplicación de autenticación no está activada',
  },
  totp_setup_missing: {
    zh: '请先获取新的二维码再输入动态码',
    hk: '請先取得新的二維碼再輸入動態碼',
    en: 'Start the set-up first to get a QR code, then enter its code',
    kr: '먼저 설정을 시작해 QR 코드를 받은 후 코드를 입력하세요',
    jp: '先に設定を開始してQRコードを取得し、そのコードを入力してください',
    spa: 'Inicie primero la configuración para obtener un código QR y luego introduzca su código',
  },
  login_password_wrong: {
    zh: '登录密码错误',
    hk: '登入密碼錯誤',
    en: 'The login password is wrong',
    kr: '로그인 비밀번호가 틀렸습니다',
    jp: 'ログインパスワードが間違っています',
    spa: 'La contraseña de inicio de sesión es incorrecta',
  },
} as const satisfies Partial<Record<ErrorCode, Translations>>;

export const TOTP_NOTICES = {
  totp_disabled: {
    zh: '身份验证器已关闭',
    hk: '身份驗證器已關閉',
    en: 'The authenticator app is off',
    kr: '인증 앱이 꺼졌습니다',
    jp: '認証アプリをオフにしました',
    spa: 'La aplicación de autenticación está desactivada',
  },
} as const satisfies Partial<Record<NoticeCode, Translations>>;
