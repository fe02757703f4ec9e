import type { ErrorCode, NoticeCode } from '../errors';
import type { Translations } from '../messages';

/** Spot exchange: order checks, the matcher's refusals and cancels. */
export const SPOT_MESSAGES = {
  spot_pair_not_found: { zh: '交易对不存在', hk: '交易對不存在', en: 'This pair does not trade spot', kr: '현물 거래가 없는 거래쌍입니다', jp: 'この通貨ペアは現物取引できません', spa: 'Este par no opera al contado' },
  spot_side_invalid: { zh: '请选择买入或卖出', hk: '請選擇買入或賣出', en: 'Choose buy or sell', kr: '매수 또는 매도를 선택하세요', jp: '買いか売りを選択してください', spa: 'Elija comprar o vender' },
  spot_kind_invalid: { zh: '请选择限价或市价', hk: '請選擇限價或市價', en: 'Choose limit or market', kr: '지정가 또는 시장가를 선택하세요', jp: '指値か成行を選択してください', spa: 'Elija límite o mercado' },
  spot_order_invalid: { zh: '请填写价格和数量', hk: '請填寫價格和數量', en: 'Enter the price and the amount the order needs', kr: '주문에 필요한 가격과 수량을 입력하세요', jp: '注文に必要な価格と数量を入力してください', spa: 'Indique el precio y la cantidad que requiere la orden' },
  spot_price_not_positive: { zh: '价格必须大于0', hk: '價格必須大於0', en: 'The price must be above zero', kr: '가격은 0보다 커야 합니다', jp: '価格は0より大きくしてください', spa: 'El precio debe ser mayor que cero' },
  spot_amount_not_positive: { zh: '数量必须大于0', hk: '數量必須大於0', en: 'The amount must be above zero', kr: '수량은 0보다 커야 합니다', jp: '数量は0より大きくしてください', spa: 'La cantidad debe ser mayor que cero' },
  spot_price_off_tick: { zh: '价格精度不符合该交易对的最小变动单位', hk: '價格精度不符合該交易對的最小變動單位', en: 'The price is not a multiple of the pair’s price step', kr: '가격이 호가 단위에 맞지 않습니다', jp: '価格が呼値の単位に合っていません', spa: 'El precio no es múltiplo del paso de precio del par' },
  spot_amount_off_lot: { zh: '数量精度不符合该交易对的最小数量单位', hk: '數量精度不符合該交易對的最小數量單位', en: 'The amount is not a multiple of the pair’s amount step', kr: '수량이 최소 수량 단위에 맞지 않습니다', jp: '数量が最小数量単位に合っていません', spa: 'La cantidad no es múltiplo del paso de cantidad del par' },
  spot_value_too_large: { zh: '订单金额过大', hk: '訂單金額過大', en: 'The order is too large', kr: '주문 금액이 너무 큽니다', jp: '注文金額が大きすぎます', spa: 'La orden es demasiado grande' },
  spot_below_min_value: { zh: '订单金额低于最小交易额', hk: '訂單金額低於最小交易額', en: 'The order is below the minimum order value', kr: '주문 금액이 최소 주문 금액보다 적습니다', jp: '注文金額が最小注文額を下回っています', spa: 'La orden no alcanza el valor mínimo' },
  spot_no_index_price: { zh: '暂无指数价格，请稍后再试', hk: '暫無指數價格，請稍後再試', en: 'No index price yet; try again shortly', kr: '지수 가격이 아직 없습니다. 잠시 후 다시 시도하세요', jp: '指数価格がまだありません。しばらくしてから再試行してください', spa: 'Aún no hay precio índice; inténtelo en breve' },
  spot_outside_band: { zh: '价格超出允许的范围', hk: '價格超出允許的範圍', en: 'The price is too far from the index price', kr: '가격이 지수 가격에서 너무 멉니다', jp: '価格が指数価格から離れすぎています', spa: 'El precio está demasiado lejos del precio índice' },
  spot_freeze_short: { zh: '冻结资金不足', hk: '凍結資金不足', en: 'Not enough funds were set aside for the order', kr: '주문을 위해 동결된 자금이 부족합니다', jp: '注文のために凍結された資金が不足しています', spa: 'No se reservaron fondos suficientes para la orden' },
  spot_duplicate_order: { zh: '订单重复', hk: '訂單重複', en: 'This order was already placed', kr: '이미 접수된 주문입니다', jp: 'この注文は既に受け付けられています', spa: 'Esta orden ya fue colocada' },
  spot_order_not_found: { zh: '订单不存在或已结束', hk: '訂單不存在或已結束', en: 'No such open order', kr: '해당 미체결 주문이 없습니다', jp: '該当する未約定の注文はありません', spa: 'No existe esa orden abierta' },
  spot_open_orders_max: { zh: '当前委托数量已达上限 {max}，请先撤销部分委托', hk: '當前委託數量已達上限 {max}，請先撤銷部分委託', en: 'You have {max} open orders, the most allowed; cancel some first', kr: '미체결 주문이 최대 {max}건입니다. 일부를 먼저 취소하세요', jp: '未約定の注文が上限の{max}件に達しています。先にいくつか取り消してください', spa: 'Tiene {max} órdenes abiertas, el máximo permitido; cancele alguna primero' },
  spot_restore_not_empty: { zh: '系统繁忙，请稍后再试', hk: '系統繁忙，請稍後再試', en: 'The exchange is busy; try again shortly', kr: '거래소가 바쁩니다. 잠시 후 다시 시도하세요', jp: '取引所が混み合っています。しばらくしてから再試行してください', spa: 'El mercado está ocupado; inténtelo en breve' },
  spot_restore_invalid: { zh: '系统繁忙，请稍后再试', hk: '系統繁忙，請稍後再試', en: 'The exchange is busy; try again shortly', kr: '거래소가 바쁩니다. 잠시 후 다시 시도하세요', jp: '取引所が混み合っています。しばらくしてから再試行してください', spa: 'El mercado está ocupado; inténtelo en breve' },
  spot_restore_crossed: { zh: '系统繁忙，请稍后再试', hk: '系統繁忙，請稍後再試', en: 'The exchange is busy; try again shortly', kr: '거래소가 바쁩니다. 잠시 후 다시 시도하세요', jp: '取引所が混み合っています。しばらくしてから再試行してください', spa: 'El mercado está ocupado; inténtelo en breve' },
} as const satisfies Partial<Record<ErrorCode, Translations>>;

export const SPOT_NOTICES = {
  spot_cancel_requested: { zh: '撤单已提交', hk: '撤單已提交', en: 'Cancel requested', kr: '취소가 요청되었습니다', jp: '取消を受け付けました', spa: 'Cancelación solicitada' },
} as const satisfies Partial<Record<NoticeCode, Translations>>;
