import type { ErrorCode, MessageParams } from './errors';
import type { Lang } from './lang';

type Translations = Readonly<Record<Lang, string>>;

/** One table from rejection code to its message in every language; `{name}` interpolates. */
export const MESSAGES: Readonly<Record<ErrorCode, Translations>> = {
  internal: {
    zh: '服务器繁忙，请稍后再试',
    hk: '伺服器繁忙，請稍後再試',
    en: 'The server is busy, please try again later',
    kr: '서버가 바쁩니다. 잠시 후 다시 시도하세요',
    jp: 'サーバーが混み合っています。しばらくしてから再度お試しください',
    spa: 'El servidor está ocupado, inténtelo de nuevo más tarde',
  },
  not_found: {
    zh: '请求的内容不存在',
    hk: '請求的內容不存在',
    en: 'Not found',
    kr: '요청한 내용을 찾을 수 없습니다',
    jp: '見つかりません',
    spa: 'No encontrado',
  },
  bad_request: {
    zh: '参数错误',
    hk: '參數錯誤',
    en: 'Parameter error',
    kr: '매개변수 오류',
    jp: 'パラメータエラー',
    spa: 'Error de parámetro',
  },
  invalid_field: {
    zh: '参数错误：{field}',
    hk: '參數錯誤：{field}',
    en: 'Parameter error: {field}',
    kr: '매개변수 오류: {field}',
    jp: 'パラメータエラー：{field}',
    spa: 'Error de parámetro: {field}',
  },
  session_invalid: {
    zh: '登录已失效，请重新登录',
    hk: '登入已失效，請重新登入',
    en: 'Your session has expired, please log in again',
    kr: '세션이 만료되었습니다. 다시 로그인하세요',
    jp: 'セッションの有効期限が切れました。もう一度ログインしてください',
    spa: 'Su sesión ha caducado, inicie sesión de nuevo',
  },
  rate_limited: {
    zh: '操作过于频繁，请稍后再试',
    hk: '操作過於頻繁，請稍後再試',
    en: 'Too many requests, please try again later',
    kr: '요청이 너무 많습니다. 잠시 후 다시 시도하세요',
    jp: 'リクエストが多すぎます。しばらくしてから再度お試しください',
    spa: 'Demasiadas solicitudes, inténtelo más tarde',
  },
  amount_empty: {
    zh: '请输入数量',
    hk: '請輸入數量',
    en: 'Please enter an amount',
    kr: '수량을 입력하세요',
    jp: '数量を入力してください',
    spa: 'Introduzca una cantidad',
  },
  amount_malformed: {
    zh: '数量格式不正确',
    hk: '數量格式不正確',
    en: 'The amount is not a valid number',
    kr: '수량 형식이 올바르지 않습니다',
    jp: '数量の形式が正しくありません',
    spa: 'La cantidad no es un número válido',
  },
  amount_too_many_decimals: {
    zh: '数量最多8位小数',
    hk: '數量最多8位小數',
    en: 'Amounts allow at most 8 decimals',
    kr: '수량은 소수점 8자리까지 허용됩니다',
    jp: '数量は小数点以下8桁までです',
    spa: 'Las cantidades admiten como máximo 8 decimales',
  },
  amount_out_of_range: {
    zh: '数量超出范围',
    hk: '數量超出範圍',
    en: 'The amount is out of range',
    kr: '수량이 범위를 벗어났습니다',
    jp: '数量が範囲外です',
    spa: 'La cantidad está fuera de rango',
  },
  amount_not_positive: {
    zh: '数量必须大于0',
    hk: '數量必須大於0',
    en: 'The amount must be greater than zero',
    kr: '수량은 0보다 커야 합니다',
    jp: '数量は0より大きくなければなりません',
    spa: 'La cantidad debe ser mayor que cero',
  },
  insufficient_balance: {
    zh: '余额不足',
    hk: '餘額不足',
    en: 'Insufficient balance',
    kr: '잔액이 부족합니다',
    jp: '残高が不足しています',
    spa: 'Saldo insuficiente',
  },
  idempotency_key_invalid: {
    zh: 'Idempotency-Key 无效',
    hk: 'Idempotency-Key 無效',
    en: 'The Idempotency-Key header is invalid',
    kr: 'Idempotency-Key 헤더가 올바르지 않습니다',
    jp: 'Idempotency-Key ヘッダーが無効です',
    spa: 'La cabecera Idempotency-Key no es válida',
  },
  idempotency_key_reused: {
    zh: '该请求编号已用于不同的请求',
    hk: '該請求編號已用於不同的請求',
    en: 'This Idempotency-Key was already used for a different request',
    kr: '이 Idempotency-Key는 이미 다른 요청에 사용되었습니다',
    jp: 'この Idempotency-Key は別のリクエストで使用済みです',
    spa: 'Esta Idempotency-Key ya se usó para otra solicitud',
  },
  idempotency_in_progress: {
    zh: '相同的请求正在处理中，请勿重复提交',
    hk: '相同的請求正在處理中，請勿重複提交',
    en: 'The same request is still being processed, please do not submit it twice',
    kr: '동일한 요청이 처리 중입니다. 중복 제출하지 마세요',
    jp: '同じリクエストを処理中です。重複して送信しないでください',
    spa: 'La misma solicitud se está procesando, no la envíe dos veces',
  },
};

/** The message for `code` in `lang`, with `{name}` placeholders filled from `params`. */
export function translate(lang: Lang, code: ErrorCode, params: MessageParams = {}): string {
  return MESSAGES[code][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
