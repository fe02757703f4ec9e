import type { ErrorCode } from '../errors';
import type { Translations } from '../messages';

/** Hardening: guessing locks, upload quotas, identity photo and name checks. */
export const GUARD_MESSAGES = {
  pay_password_locked: {
    zh: '资金密码错误次数过多，已锁定，请{minutes}分钟后再试',
    hk: '資金密碼錯誤次數過多，已鎖定，請{minutes}分鐘後再試',
    en: 'Too many wrong fund passwords: the fund password is locked, try again in {minutes} min',
    kr: '자금 비밀번호 오류가 너무 많아 잠겼습니다. {minutes}분 후에 다시 시도하세요',
    jp: '資金パスワードの誤りが多すぎるためロックされました。{minutes}分後に再試行してください',
    spa: 'Demasiadas contraseñas de fondos incorrectas: está bloqueada, inténtelo de nuevo en {minutes} min',
  },
  login_locked: {
    zh: '登录失败次数过多，请{seconds}秒后再试',
    hk: '登錄失敗次數過多，請{seconds}秒後再試',
    en: 'Too many failed logins, try again in {seconds} s',
    kr: '로그인 실패가 너무 많습니다. {seconds}초 후에 다시 시도하세요',
    jp: 'ログインの失敗が多すぎます。{seconds}秒後に再試行してください',
    spa: 'Demasiados inicios de sesión fallidos, inténtelo de nuevo en {seconds} s',
  },
  upload_quota: {
    zh: '上传的图片已达上限（{count}张，{size}），请联系客服',
    hk: '上傳的圖片已達上限（{count}張，{size}），請聯繫客服',
    en: 'You have reached your upload limit ({count} images, {size}); please contact support',
    kr: '업로드 한도({count}장, {size})에 도달했습니다. 고객센터에 문의하세요',
    jp: 'アップロードの上限（{count}枚、{size}）に達しました。サポートにお問い合わせください',
    spa: 'Ha alcanzado su límite de subidas ({count} imágenes, {size}); contacte con soporte',
  },
  identity_photos_repeated: {
    zh: '请为每张证件照片上传不同的图片',
    hk: '請為每張證件照片上傳不同的圖片',
    en: 'Please upload a different image for each identity photo',
    kr: '신분증 사진마다 다른 이미지를 업로드하세요',
    jp: '本人確認の写真にはそれぞれ別の画像をアップロードしてください',
    spa: 'Suba una imagen distinta para cada foto de identidad',
  },
} as const satisfies Partial<Record<ErrorCode, Translations>>;
