import { language } from '../i18n';
import type { Language } from '../i18n/language';

/**
 * The console's texts in the six languages. They live in the console's own chunk, so a trader's
 * bundle carries none of them.
 */
const TEXTS = {
  console: { en: 'Staff console', zh: '管理后台', hk: '管理後台', kr: '관리자 콘솔', jp: '管理コンソール', spa: 'Consola de personal' },
  signIn: { en: 'Sign in', zh: '登录', hk: '登入', kr: '로그인', jp: 'サインイン', spa: 'Iniciar sesión' },
  email: { en: 'E-mail', zh: '邮箱', hk: '郵箱', kr: '이메일', jp: 'メールアドレス', spa: 'Correo' },
  password: { en: 'Password', zh: '密码', hk: '密碼', kr: '비밀번호', jp: 'パスワード', spa: 'Contraseña' },
  next: { en: 'Next', zh: '下一步', hk: '下一步', kr: '다음', jp: '次へ', spa: 'Siguiente' },
  totpCode: { en: 'Authenticator code', zh: '动态验证码', hk: '動態驗證碼', kr: '인증 코드', jp: '認証コード', spa: 'Código del autenticador' },
  totpHint: { en: 'Enter the 6-digit code your authenticator app shows.', zh: '请输入身份验证器显示的6位数字。', hk: '請輸入身份驗證器顯示的6位數字。', kr: '인증 앱에 표시된 6자리 코드를 입력하세요.', jp: '認証アプリに表示される6桁のコードを入力してください。', spa: 'Introduzca el código de 6 dígitos que muestra su autenticador.' },
  totpSetup: { en: 'First sign-in: scan this QR code with an authenticator app, then enter the code it shows.', zh: '首次登录：请用身份验证器扫描此二维码，然后输入显示的验证码。', hk: '首次登入：請用身份驗證器掃描此二維碼，然後輸入顯示的驗證碼。', kr: '첫 로그인: 인증 앱으로 이 QR 코드를 스캔한 뒤 표시된 코드를 입력하세요.', jp: '初回サインイン：認証アプリでこのQRコードを読み取り、表示されたコードを入力してください。', spa: 'Primer inicio: escanee este código QR con una app de autenticación e introduzca el código que muestre.' },
  totpKey: { en: 'Setup key', zh: '密钥', hk: '密鑰', kr: '설정 키', jp: 'セットアップキー', spa: 'Clave de configuración' },
  back: { en: 'Back', zh: '返回', hk: '返回', kr: '뒤로', jp: '戻る', spa: 'Volver' },
  signOut: { en: 'Sign out', zh: '退出', hk: '登出', kr: '로그아웃', jp: 'サインアウト', spa: 'Cerrar sesión' },
  network: { en: 'Network error, please try again', zh: '网络错误，请重试', hk: '網絡錯誤，請重試', kr: '네트워크 오류입니다. 다시 시도하세요', jp: 'ネットワークエラーです。もう一度お試しください', spa: 'Error de red; inténtelo de nuevo' },
  deposits: { en: 'Deposits', zh: '充值审核', hk: '充值審核', kr: '입금 심사', jp: '入金審査', spa: 'Depósitos' },
  withdrawals: { en: 'Withdrawals', zh: '提现审核', hk: '提現審核', kr: '출금 심사', jp: '出金審査', spa: 'Retiros' },
  identities: { en: 'Identity', zh: '实名审核', hk: '實名審核', kr: '신원 심사', jp: '本人確認', spa: 'Identidad' },
  audit: { en: 'Audit log', zh: '审计日志', hk: '審計日誌', kr: '감사 로그', jp: '監査ログ', spa: 'Registro de auditoría' },
  status: { en: 'Status', zh: '状态', hk: '狀態', kr: '상태', jp: '状態', spa: 'Estado' },
  all: { en: 'All', zh: '全部', hk: '全部', kr: '전체', jp: 'すべて', spa: 'Todos' },
  user: { en: 'User', zh: '用户', hk: '用戶', kr: '사용자', jp: 'ユーザー', spa: 'Usuario' },
  userFilter: { en: 'User id or e-mail', zh: '用户ID或邮箱', hk: '用戶ID或郵箱', kr: '사용자 ID 또는 이메일', jp: 'ユーザーIDまたはメール', spa: 'Id o correo del usuario' },
  amount: { en: 'Amount', zh: '数量', hk: '數量', kr: '수량', jp: '数量', spa: 'Importe' },
  fee: { en: 'Fee', zh: '手续费', hk: '手續費', kr: '수수료', jp: '手数料', spa: 'Comisión' },
  received: { en: 'Sent', zh: '到账', hk: '到賬', kr: '송금액', jp: '送金額', spa: 'Enviado' },
  address: { en: 'Address', zh: '地址', hk: '地址', kr: '주소', jp: 'アドレス', spa: 'Dirección' },
  screenshot: { en: 'Screenshot', zh: '转账截图', hk: '轉賬截圖', kr: '스크린샷', jp: 'スクリーンショット', spa: 'Captura' },
  created: { en: 'Filed', zh: '提交时间', hk: '提交時間', kr: '신청 시간', jp: '申請日時', spa: 'Presentado' },
  review: { en: 'Review', zh: '审核', hk: '審核', kr: '심사', jp: '審査', spa: 'Revisión' },
  actions: { en: 'Actions', zh: '操作', hk: '操作', kr: '작업', jp: '操作', spa: 'Acciones' },
  credit: { en: 'Credit', zh: '入账', hk: '入賬', kr: '입금 처리', jp: '入金処理', spa: 'Abonar' },
  approve: { en: 'Approve', zh: '通过', hk: '通過', kr: '승인', jp: '承認', spa: 'Aprobar' },
  reject: { en: 'Reject', zh: '拒绝', hk: '拒絕', kr: '거절', jp: '却下', spa: 'Rechazar' },
  chainSuccess: { en: 'Chain success', zh: '链上成功', hk: '鏈上成功', kr: '체인 성공', jp: 'チェーン成功', spa: 'Éxito en cadena' },
  chainFailure: { en: 'Chain failure', zh: '链上失败', hk: '鏈上失敗', kr: '체인 실패', jp: 'チェーン失敗', spa: 'Fallo en cadena' },
  txHash: { en: 'Transaction hash', zh: '交易哈希', hk: '交易哈希', kr: '거래 해시', jp: 'トランザクションハッシュ', spa: 'Hash de la transacción' },
  reason: { en: 'Reason', zh: '原因', hk: '原因', kr: '사유', jp: '理由', spa: 'Motivo' },
  confirmCredit: { en: 'Credit this amount to the trader’s spot wallet?', zh: '确认将该金额入账到用户币币账户？', hk: '確認將該金額入賬到用戶幣幣賬戶？', kr: '이 금액을 사용자의 현물 지갑에 입금하시겠습니까?', jp: 'この金額をユーザーの現物ウォレットに入金しますか？', spa: '¿Abonar este importe a la cartera al contado del usuario?' },
  confirmApprove: { en: 'Approve and pay out this withdrawal?', zh: '确认通过并支付该提现？', hk: '確認通過並支付該提現？', kr: '이 출금을 승인하고 지급하시겠습니까?', jp: 'この出金を承認して支払いますか？', spa: '¿Aprobar y pagar este retiro?' },
  confirmFailure: { en: 'Mark as failed on chain? The amount returns to the trader.', zh: '标记为链上失败？金额将退回用户。', hk: '標記為鏈上失敗？金額將退回用戶。', kr: '체인 실패로 표시하시겠습니까? 금액이 사용자에게 반환됩니다.', jp: 'チェーン失敗にしますか？金額はユーザーに返金されます。', spa: '¿Marcar como fallido en cadena? El importe vuelve al usuario.' },
  firstApproved: { en: 'First approval recorded: a second staff member must approve', zh: '已记录第一次审批：需另一位工作人员复核', hk: '已記錄第一次審批：需另一位工作人員覆核', kr: '1차 승인이 기록되었습니다. 다른 직원의 승인이 필요합니다', jp: '一次承認を記録しました。別の担当者の承認が必要です', spa: 'Primera aprobación registrada: otra persona debe aprobar' },
  needsTwo: { en: 'Needs two approvals', zh: '需双人审批', hk: '需雙人審批', kr: '2인 승인 필요', jp: '二重承認が必要', spa: 'Necesita dos aprobaciones' },
  firstBy: { en: 'First approval by #{id}', zh: '一审：#{id}', hk: '一審：#{id}', kr: '1차 승인: #{id}', jp: '一次承認：#{id}', spa: 'Primera aprobación: #{id}' },
  ok: { en: 'OK', zh: '确定', hk: '確定', kr: '확인', jp: 'OK', spa: 'Aceptar' },
  cancel: { en: 'Cancel', zh: '取消', hk: '取消', kr: '취소', jp: 'キャンセル', spa: 'Cancelar' },
  saved: { en: 'Saved', zh: '已保存', hk: '已儲存', kr: '저장되었습니다', jp: '保存しました', spa: 'Guardado' },
  empty: { en: 'Nothing to review', zh: '暂无待审核记录', hk: '暫無待審核記錄', kr: '심사할 항목이 없습니다', jp: '審査する項目はありません', spa: 'Nada que revisar' },
  name: { en: 'Name', zh: '姓名', hk: '姓名', kr: '이름', jp: '氏名', spa: 'Nombre' },
  cardId: { en: 'ID number', zh: '证件号', hk: '證件號', kr: '신분증 번호', jp: '身分証番号', spa: 'N.º de documento' },
  images: { en: 'Images', zh: '证件照片', hk: '證件照片', kr: '이미지', jp: '画像', spa: 'Imágenes' },
  front: { en: 'Front', zh: '正面', hk: '正面', kr: '앞면', jp: '表面', spa: 'Anverso' },
  reverse: { en: 'Back', zh: '反面', hk: '反面', kr: '뒷면', jp: '裏面', spa: 'Reverso' },
  hand: { en: 'In hand', zh: '手持', hk: '手持', kr: '들고 찍은 사진', jp: '手持ち', spa: 'En mano' },
  action: { en: 'Action', zh: '动作', hk: '動作', kr: '작업', jp: '操作', spa: 'Acción' },
  subject: { en: 'Subject', zh: '对象', hk: '對象', kr: '대상', jp: '対象', spa: 'Objeto' },
  detail: { en: 'Before / after', zh: '变更前后', hk: '變更前後', kr: '변경 전/후', jp: '変更前/後', spa: 'Antes / después' },
  staff: { en: 'Staff', zh: '工作人员', hk: '工作人員', kr: '직원', jp: '担当者', spa: 'Personal' },
  time: { en: 'Time', zh: '时间', hk: '時間', kr: '시간', jp: '日時', spa: 'Hora' },
  actionFilter: { en: 'Action, e.g. withdrawal', zh: '动作，如 withdrawal', hk: '動作，如 withdrawal', kr: '작업, 예: withdrawal', jp: '操作（例：withdrawal）', spa: 'Acción, p. ej. withdrawal' },
  risk: { en: 'Risk and health', zh: '风险与运行', hk: '風險與運行', kr: '리스크 및 상태', jp: 'リスクと稼働状況', spa: 'Riesgo y estado' },
  pair: { en: 'Pair', zh: '交易对', hk: '交易對', kr: '거래쌍', jp: '通貨ペア', spa: 'Par' },
  lastPrice: { en: 'Last price', zh: '最新价', hk: '最新價', kr: '현재가', jp: '現在値', spa: 'Último precio' },
  feed: { en: 'Feed', zh: '行情', hk: '行情', kr: '시세', jp: '相場配信', spa: 'Cotización' },
  live: { en: 'Live', zh: '正常', hk: '正常', kr: '정상', jp: '正常', spa: 'En vivo' },
  stale: { en: 'Stale', zh: '停滞', hk: '停滯', kr: '지연', jp: '停止', spa: 'Detenida' },
  leverLong: { en: 'Contracts long', zh: '合约多单', hk: '合約多單', kr: '계약 롱', jp: '契約ロング', spa: 'Contratos largos' },
  leverShort: { en: 'Contracts short', zh: '合约空单', hk: '合約空單', kr: '계약 숏', jp: '契約ショート', spa: 'Contratos cortos' },
  leverNet: { en: 'Traders net (house opposite)', zh: '用户净头寸（平台反向）', hk: '用戶淨頭寸（平台反向）', kr: '사용자 순포지션 (하우스 반대)', jp: 'ユーザー純建玉（ハウスは逆）', spa: 'Neto de usuarios (la casa al revés)' },
  microUp: { en: 'Micro up stakes', zh: '秒合约看涨', hk: '秒合約看漲', kr: '마이크로 상승', jp: 'マイクロ上昇', spa: 'Micro al alza' },
  microDown: { en: 'Micro down stakes', zh: '秒合约看跌', hk: '秒合約看跌', kr: '마이크로 하락', jp: 'マイクロ下落', spa: 'Micro a la baja' },
  ledgerCheck: { en: 'Ledger check', zh: '账本核对', hk: '賬本核對', kr: '원장 검증', jp: '元帳チェック', spa: 'Verificación del libro' },
  microCheck: { en: 'Micro settlement records', zh: '秒合约结算记录核对', hk: '秒合約結算記錄核對', kr: '마이크로 정산 기록 검증', jp: 'マイクロ決済記録チェック', spa: 'Registros de liquidación micro' },
  runCheck: { en: 'Run now', zh: '立即核对', hk: '立即核對', kr: '지금 실행', jp: '今すぐ実行', spa: 'Ejecutar ahora' },
  checkPassed: { en: 'Passed', zh: '通过', hk: '通過', kr: '통과', jp: '合格', spa: 'Correcto' },
  outbox: { en: 'Mail outbox', zh: '邮件发件箱', hk: '郵件發件箱', kr: '메일 발신함', jp: 'メール送信箱', spa: 'Bandeja de salida' },
  kept: { en: 'Kept', zh: '未发送', hk: '未發送', kr: '보관됨', jp: '未送信', spa: 'Guardado' },
  sent: { en: 'Sent', zh: '已发送', hk: '已發送', kr: '발송됨', jp: '送信済み', spa: 'Enviado' },
  role_admin: { en: 'Administrator', zh: '管理员', hk: '管理員', kr: '관리자', jp: '管理者', spa: 'Administrador' },
  role_reviewer: { en: 'Reviewer', zh: '审核员', hk: '審核員', kr: '심사자', jp: '審査担当', spa: 'Revisor' },
  role_viewer: { en: 'Viewer', zh: '只读', hk: '唯讀', kr: '조회자', jp: '閲覧者', spa: 'Observador' },
  st_pending: { en: 'Pending', zh: '待审核', hk: '待審核', kr: '대기', jp: '審査待ち', spa: 'Pendiente' },
  st_credited: { en: 'Credited', zh: '已入账', hk: '已入賬', kr: '입금됨', jp: '入金済み', spa: 'Abonado' },
  st_rejected: { en: 'Rejected', zh: '已拒绝', hk: '已拒絕', kr: '거절됨', jp: '却下', spa: 'Rechazado' },
  st_applying: { en: 'Applying', zh: '申请中', hk: '申請中', kr: '신청 중', jp: '申請中', spa: 'Solicitado' },
  st_agreed: { en: 'Agreed, waiting for chain', zh: '已同意，等待上链', hk: '已同意，等待上鏈', kr: '승인됨, 체인 대기', jp: '承認済み・チェーン待ち', spa: 'Aprobado, esperando la cadena' },
  st_chain_success: { en: 'Chain success', zh: '链上成功', hk: '鏈上成功', kr: '체인 성공', jp: 'チェーン成功', spa: 'Éxito en cadena' },
  st_chain_failure: { en: 'Chain failure', zh: '链上失败', hk: '鏈上失敗', kr: '체인 실패', jp: 'チェーン失敗', spa: 'Fallo en cadena' },
  st_station_success: { en: 'Paid internally', zh: '站内成功', hk: '站內成功', kr: '내부 지급', jp: '内部送金済み', spa: 'Pagado internamente' },
  st_in_review: { en: 'In review', zh: '审核中', hk: '審核中', kr: '심사 중', jp: '審査中', spa: 'En revisión' },
  st_verified: { en: 'Verified', zh: '已认证', hk: '已認證', kr: '인증됨', jp: '認証済み', spa: 'Verificado' },
} as const satisfies Record<string, Record<Language, string>>;

export type AdminTextKey = keyof typeof TEXTS;

/** The console's text for a key in the page's language, with `{name}` filled from `params`. */
export function adminText(key: AdminTextKey, params: Record<string, string> = {}): string {
  return TEXTS[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** A status's label; the status itself when the table has none. */
export function statusText(status: string): string {
  const key = `st_${status}`;
  return key in TEXTS ? adminText(key as AdminTextKey) : status;
}
