import type { Lang } from '@tidemark/protocol';
import type { CodePurpose } from '../../db/schema';
import type { Mail } from './service';

const PURPOSE: Record<CodePurpose, Record<Lang, string>> = {
  register: { zh: '注册', hk: '註冊', en: 'registration', kr: '회원가입', jp: '登録', spa: 'registro' },
  forget: { zh: '找回密码', hk: '找回密碼', en: 'password reset', kr: '비밀번호 재설정', jp: 'パスワード再設定', spa: 'restablecer contraseña' },
  fund: { zh: '设置资金密码', hk: '設定資金密碼', en: 'fund password', kr: '자금 비밀번호 설정', jp: '資金パスワード設定', spa: 'contraseña de fondos' },
  survey: { zh: '问卷', hk: '問卷', en: 'survey', kr: '설문', jp: 'アンケート', spa: 'encuesta' },
};

const TEXT: Record<Lang, (purpose: string, code: string, minutes: number) => { subject: string; body: string }> = {
  zh: (p, c, m) => ({ subject: `Tidemark ${p}验证码：${c}`, body: `您的${p}验证码是 ${c}，${m}分钟内有效。如非本人操作，请忽略本邮件。` }),
  hk: (p, c, m) => ({ subject: `Tidemark ${p}驗證碼：${c}`, body: `您的${p}驗證碼是 ${c}，${m}分鐘內有效。如非本人操作，請忽略本郵件。` }),
  en: (p, c, m) => ({ subject: `Tidemark ${p} code: ${c}`, body: `Your ${p} code is ${c}. It is valid for ${m} minutes. If you did not ask for it, ignore this e-mail.` }),
  kr: (p, c, m) => ({ subject: `Tidemark ${p} 인증 코드: ${c}`, body: `${p} 인증 코드는 ${c}입니다. ${m}분 동안 유효합니다. 요청하지 않았다면 이 메일을 무시하세요.` }),
  jp: (p, c, m) => ({ subject: `Tidemark ${p}認証コード：${c}`, body: `${p}の認証コードは ${c} です。${m}分間有効です。心当たりがない場合はこのメールを無視してください。` }),
  spa: (p, c, m) => ({ subject: `Código de ${p} de Tidemark: ${c}`, body: `Su código de ${p} es ${c}. Es válido durante ${m} minutos. Si no lo solicitó, ignore este correo.` }),
};

/** The verification-code mail in the requester's language. */
export function codeMail(lang: Lang, purpose: CodePurpose, to: string, code: string, ttlMinutes: number): Mail {
  const { subject, body } = TEXT[lang](PURPOSE[purpose][lang], code, ttlMinutes);
  return { to, subject, text: body, secret: code };
}

const ACCOUNT_EXISTS: Record<Lang, { subject: string; body: string }> = {
  zh: { subject: 'Tidemark：您已有账户', body: '有人（可能是您）用此邮箱申请注册 Tidemark。此邮箱已有账户，无需再次注册：请直接登录，忘记密码可在登录页找回。如非本人操作，请忽略本邮件。' },
  hk: { subject: 'Tidemark：您已有賬戶', body: '有人（可能是您）用此郵箱申請註冊 Tidemark。此郵箱已有賬戶，無需再次註冊：請直接登入，忘記密碼可在登入頁找回。如非本人操作，請忽略本郵件。' },
  en: { subject: 'Tidemark: you already have an account', body: 'Someone (perhaps you) asked to register at Tidemark with this address. It already has an account, so there is nothing to register: sign in, or reset your password from the sign-in page if you forgot it. If it was not you, ignore this e-mail.' },
  kr: { subject: 'Tidemark: 이미 계정이 있습니다', body: '누군가(본인일 수 있음) 이 이메일로 Tidemark 가입을 요청했습니다. 이 이메일에는 이미 계정이 있으니 다시 가입할 필요가 없습니다. 로그인하거나, 비밀번호를 잊었다면 로그인 페이지에서 재설정하세요. 본인이 아니라면 이 메일을 무시하세요.' },
  jp: { subject: 'Tidemark：アカウントは既にあります', body: 'このメールアドレスで Tidemark への登録が申請されました（ご本人かもしれません）。このアドレスには既にアカウントがあるため、登録は不要です。サインインするか、パスワードをお忘れの場合はサインインページから再設定してください。心当たりがない場合はこのメールを無視してください。' },
  spa: { subject: 'Tidemark: ya tiene una cuenta', body: 'Alguien (quizá usted) pidió registrarse en Tidemark con esta dirección. Ya tiene una cuenta, así que no hay nada que registrar: inicie sesión o, si olvidó la contraseña, restablézcala desde la página de inicio de sesión. Si no fue usted, ignore este correo.' },
};

/** Sent instead of a registration code to an address that has an account already. */
export function accountExistsMail(lang: Lang, to: string): Mail {
  const { subject, body } = ACCOUNT_EXISTS[lang];
  return { to, subject, text: body };
}
