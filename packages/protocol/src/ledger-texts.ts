import type { Lang } from './lang';

type Texts = Readonly<Record<Lang, string>>;

/** Wallet names as the ledger descriptions say them. */
export const WALLET_NAMES: Readonly<Record<'change' | 'lever' | 'micro' | 'legal', Texts>> = {
  change: { zh: '币币账户', hk: '幣幣賬戶', en: 'spot account', kr: '현물 계정', jp: '現物口座', spa: 'cuenta spot' },
  lever: { zh: '合约账户', hk: '合約賬戶', en: 'contract account', kr: '계약 계정', jp: '先物口座', spa: 'cuenta de contratos' },
  micro: { zh: '秒合约账户', hk: '秒合約賬戶', en: 'micro account', kr: '마이크로 계정', jp: 'マイクロ口座', spa: 'cuenta micro' },
  legal: { zh: '法币账户', hk: '法幣賬戶', en: 'fiat account', kr: '법정화폐 계정', jp: '法定通貨口座', spa: 'cuenta fiat' },
};

/**
 * Descriptions of wallet-log entries in every language. Each description the server writes is
 * stored once, and an entry refers to it as stored then (so a record reads the same forever,
 * whatever the wording later becomes). `{wallet}` is a wallet name.
 */
export const LEDGER_TEXTS = {
  transfer_out: { zh: '划转至{wallet}', hk: '劃轉至{wallet}', en: 'Transfer to {wallet}', kr: '{wallet}(으)로 이체', jp: '{wallet}へ振替', spa: 'Transferencia a {wallet}' },
  transfer_in: { zh: '由{wallet}划入', hk: '由{wallet}劃入', en: 'Transfer from {wallet}', kr: '{wallet}에서 이체', jp: '{wallet}から振替', spa: 'Transferencia desde {wallet}' },
  deposit: { zh: '充值到账', hk: '充值到賬', en: 'Deposit credited', kr: '입금 완료', jp: '入金反映', spa: 'Depósito acreditado' },
  withdraw_freeze: { zh: '提币冻结', hk: '提幣凍結', en: 'Withdrawal request (frozen)', kr: '출금 신청 (동결)', jp: '出金申請（凍結）', spa: 'Solicitud de retiro (congelado)' },
  withdraw_paid: { zh: '提币成功（从冻结扣除）', hk: '提幣成功（從凍結扣除）', en: 'Withdrawal paid (from frozen)', kr: '출금 완료 (동결분 차감)', jp: '出金完了（凍結から差引）', spa: 'Retiro pagado (desde congelado)' },
  withdraw_returned: { zh: '提币退回', hk: '提幣退回', en: 'Withdrawal returned', kr: '출금 반환', jp: '出金返却', spa: 'Retiro devuelto' },
  micro_stake: { zh: '秒合约下单（冻结本金）', hk: '秒合約下單（凍結本金）', en: 'Micro order placed (stake frozen)', kr: '마이크로 주문 (원금 동결)', jp: 'マイクロ注文（元本凍結）', spa: 'Orden micro (importe congelado)' },
  micro_fee: { zh: '秒合约手续费', hk: '秒合約手續費', en: 'Micro order fee', kr: '마이크로 주문 수수료', jp: 'マイクロ注文手数料', spa: 'Comisión de orden micro' },
  micro_settled: { zh: '秒合约结算', hk: '秒合約結算', en: 'Micro order settled', kr: '마이크로 주문 정산', jp: 'マイクロ注文決済', spa: 'Orden micro liquidada' },
  lever_margin: { zh: '合约保证金冻结', hk: '合約保證金凍結', en: 'Contract margin frozen', kr: '계약 증거금 동결', jp: '先物証拠金の凍結', spa: 'Margen de contrato congelado' },
  lever_fee: { zh: '合约手续费', hk: '合約手續費', en: 'Contract fee', kr: '계약 수수료', jp: '先物手数料', spa: 'Comisión de contrato' },
  lever_refund: { zh: '合约撤单退回', hk: '合約撤單退回', en: 'Contract order cancelled: returned', kr: '계약 주문 취소 반환', jp: '先物注文取消の返却', spa: 'Orden de contrato cancelada: devuelto' },
  lever_settle: { zh: '合约平仓结算', hk: '合約平倉結算', en: 'Contract position settled', kr: '계약 포지션 정산', jp: '先物ポジション決済', spa: 'Posición de contrato liquidada' },
} as const satisfies Record<string, Texts>;
export type LedgerTextKey = keyof typeof LEDGER_TEXTS;

/** A description in all six languages, placeholders filled per language. */
export function describeEntry(key: LedgerTextKey, wallet?: keyof typeof WALLET_NAMES): Texts {
  const fill = (lang: Lang) => LEDGER_TEXTS[key][lang].replace('{wallet}', wallet ? WALLET_NAMES[wallet][lang] : '');
  return { zh: fill('zh'), hk: fill('hk'), en: fill('en'), kr: fill('kr'), jp: fill('jp'), spa: fill('spa') };
}

/** Every description an entry can be made with (each text, with no wallet and with each), each once. */
export function everyDescription(): Texts[] {
  const wallets = [undefined, ...(Object.keys(WALLET_NAMES) as (keyof typeof WALLET_NAMES)[])];
  const all = (Object.keys(LEDGER_TEXTS) as LedgerTextKey[]).flatMap((key) => wallets.map((wallet) => describeEntry(key, wallet)));
  return [...new Map(all.map((texts) => [JSON.stringify(texts), texts])).values()];
}
