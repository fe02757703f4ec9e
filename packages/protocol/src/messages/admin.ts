import type { ErrorCode, NoticeCode } from '../errors';
import type { Translations } from '../messages';

/** The staff console: sign-in with TOTP, roles and review decisions. */
export const ADMIN_MESSAGES = {
  staff_forbidden: { zh: '您的角色无权执行此操作', hk: '您的角色無權執行此操作', en: 'Your role may not do this', kr: '이 작업을 수행할 권한이 없습니다', jp: 'この操作を行う権限がありません', spa: 'Su rol no permite esta acción' },
  totp_ticket_invalid: { zh: '登录已过期，请重新输入密码', hk: '登入已過期，請重新輸入密碼', en: 'The sign-in expired; enter your password again', kr: '로그인이 만료되었습니다. 비밀번호를 다시 입력하세요', jp: 'サインインの有効期限が切れました。パスワードを再入力してください', spa: 'El inicio de sesión caducó; introduzca de nuevo su contraseña' },
  totp_code_wrong: { zh: '动态验证码错误或已使用', hk: '動態驗證碼錯誤或已使用', en: 'The authenticator code is wrong or already used', kr: '인증 코드가 틀렸거나 이미 사용되었습니다', jp: '認証コードが間違っているか、既に使用されています', spa: 'El código del autenticador es incorrecto o ya se usó' },
  review_reason_required: { zh: '请填写原因（最多200字）', hk: '請填寫原因（最多200字）', en: 'Give a reason (at most 200 characters)', kr: '사유를 입력하세요 (최대 200자)', jp: '理由を入力してください（200文字以内）', spa: 'Indique un motivo (200 caracteres como máximo)' },
  second_approver_required: { zh: '您已做出第一次审批，第二次审批须由另一位工作人员完成', hk: '您已作出第一次審批，第二次審批須由另一位工作人員完成', en: 'You gave the first approval: the second must come from another staff member', kr: '1차 승인을 하셨습니다. 2차 승인은 다른 직원이 해야 합니다', jp: '一次承認はあなたが行いました。二次承認は別の担当者が行う必要があります', spa: 'Usted dio la primera aprobación: la segunda debe darla otra persona del personal' },
  second_approver_too_new: { zh: '您的员工账户创建于该申请提交之后，不能做第二次审批', hk: '您的員工賬戶建立於該申請提交之後，不能作第二次審批', en: 'Your staff account was created after this request was made, so you cannot give its second approval', kr: '직원 계정이 이 신청 이후에 만들어져 2차 승인을 할 수 없습니다', jp: 'あなたの担当者アカウントはこの申請の後に作成されたため、二次承認はできません', spa: 'Su cuenta de personal se creó después de esta solicitud; no puede dar la segunda aprobación' },
  second_approver_enrolled: { zh: '第一位审批人在{days}天内创建或重置了您的账户（密码或身份验证器），您不能做第二次审批', hk: '第一位審批人在{days}天內建立或重設了您的賬戶（密碼或身份驗證器），您不能作第二次審批', en: 'The first approver created or reset your account (password or authenticator) in the last {days} days, so you cannot give the second approval', kr: '1차 승인자가 최근 {days}일 안에 귀하의 계정을 만들거나 재설정(비밀번호 또는 인증기)했으므로 2차 승인을 할 수 없습니다', jp: '一次承認者が過去{days}日以内にあなたのアカウントを作成またはリセット（パスワードまたは認証アプリ）したため、二次承認はできません', spa: 'Quien dio la primera aprobación creó o restableció su cuenta (contraseña o autenticador) en los últimos {days} días; no puede dar la segunda aprobación' },
  tx_hash_required: { zh: '请填写交易哈希', hk: '請填寫交易哈希', en: 'Enter the transaction hash', kr: '거래 해시를 입력하세요', jp: 'トランザクションハッシュを入力してください', spa: 'Introduzca el hash de la transacción' },
  account_locked: { zh: '账户已被锁定，请联系客服', hk: '賬戶已被鎖定，請聯繫客服', en: 'This account is locked; please contact support', kr: '계정이 잠겼습니다. 고객센터에 문의하세요', jp: 'このアカウントはロックされています。サポートにお問い合わせください', spa: 'Esta cuenta está bloqueada; contacte con soporte' },
  withdraw_locked: { zh: '该账户的提现已被锁定，请联系客服', hk: '該賬戶的提現已被鎖定，請聯繫客服', en: 'Withdrawals are locked on this account; please contact support', kr: '이 계정의 출금이 잠겼습니다. 고객센터에 문의하세요', jp: 'このアカウントの出金はロックされています。サポートにお問い合わせください', spa: 'Los retiros de esta cuenta están bloqueados; contacte con soporte' },
  notice_text_required: { zh: '请填写全部六种语言的标题和内容', hk: '請填寫全部六種語言的標題和內容', en: 'Give the title and text in all six languages', kr: '6개 언어 모두 제목과 내용을 입력하세요', jp: '6言語すべてのタイトルと本文を入力してください', spa: 'Indique el título y el texto en los seis idiomas' },
  setting_invalid: { zh: '未保存：{field} 的值无效或超出范围', hk: '未儲存：{field} 的值無效或超出範圍', en: 'Not saved: {field} is invalid or out of range', kr: '저장되지 않음: {field} 값이 잘못되었거나 범위를 벗어났습니다', jp: '保存されていません：{field} の値が無効か範囲外です', spa: 'No guardado: {field} no es válido o está fuera de rango' },
  staff_invite_invalid: { zh: '邀请链接无效、已使用或已过期，请向管理员索取新链接', hk: '邀請連結無效、已使用或已過期，請向管理員索取新連結', en: 'This invite link is invalid, used or expired; ask an administrator for a new one', kr: '초대 링크가 잘못되었거나 이미 사용되었거나 만료되었습니다. 관리자에게 새 링크를 요청하세요', jp: 'この招待リンクは無効か、使用済みか、期限切れです。管理者に新しいリンクを依頼してください', spa: 'Este enlace de invitación no es válido, ya se usó o caducó; pida uno nuevo a un administrador' },
} as const satisfies Partial<Record<ErrorCode, Translations>>;

export const ADMIN_NOTICES = {
  review_saved: { zh: '已保存', hk: '已儲存', en: 'Saved', kr: '저장되었습니다', jp: '保存しました', spa: 'Guardado' },
  staff_invite_done: { zh: '密码和身份验证器已设置，请登录', hk: '密碼和身份驗證器已設定，請登入', en: 'Your password and authenticator are set; sign in now', kr: '비밀번호와 인증 앱이 설정되었습니다. 이제 로그인하세요', jp: 'パスワードと認証アプリを設定しました。サインインしてください', spa: 'Su contraseña y su autenticador están listos; inicie sesión' },
  staff_password_changed: { zh: '密码已修改，您的其他会话已退出', hk: '密碼已修改，您的其他工作階段已登出', en: 'Password changed; your other sessions were signed out', kr: '비밀번호가 변경되었습니다. 다른 세션은 로그아웃되었습니다', jp: 'パスワードを変更しました。他のセッションはサインアウトされました', spa: 'Contraseña cambiada; sus otras sesiones se cerraron' },
} as const satisfies Partial<Record<NoticeCode, Translations>>;
