import type { ErrorCode, NoticeCode } from '../errors';
import type { Translations } from '../messages';

type Row = readonly [zh: string, hk: string, en: string, kr: string, jp: string, spa: string];
const t = ([zh, hk, en, kr, jp, spa]: Row): Translations => ({ zh, hk, en, kr, jp, spa });

/** Leveraged contracts: submit, cancel, close and stop changes (the core's LEVER_REJECTIONS). */
export const LEVER_MESSAGES = {
  lever_pair_closed: t(['该交易对暂未开放合约交易', '該交易對暫未開放合約交易', 'Contract trading is closed for this pair', '이 페어는 계약 거래가 닫혀 있습니다', 'このペアの先物取引は停止中です', 'El trading de contratos está cerrado para este par']),
  lever_multiple_invalid: t(['请选择杠杆倍数', '請選擇槓桿倍數', 'Please choose a leverage', '레버리지를 선택하세요', 'レバレッジを選択してください', 'Elija un apalancamiento']),
  lever_hands_not_integer: t(['手数必须为正整数', '手數必須為正整數', 'Hands must be a positive whole number', '수량(핸드)은 양의 정수여야 합니다', '枚数は正の整数で入力してください', 'Los lotes deben ser un número entero positivo']),
  lever_hands_out_of_range: t(['手数不能小于{min}且不能大于{max}', '手數不能小於{min}且不能大於{max}', 'Hands must be between {min} and {max}', '핸드는 {min}에서 {max} 사이여야 합니다', '枚数は{min}から{max}の間で入力してください', 'Los lotes deben estar entre {min} y {max}']),
  lever_type_invalid: t(['请选择买涨或买跌', '請選擇買漲或買跌', 'Choose long or short', '롱 또는 숏을 선택하세요', 'ロングかショートを選択してください', 'Elija largo o corto']),
  lever_status_invalid: t(['请选择限价或市价', '請選擇限價或市價', 'Choose limit or market', '지정가 또는 시장가를 선택하세요', '指値か成行を選択してください', 'Elija límite o mercado']),
  lever_price_invalid: t(['请输入有效价格', '請輸入有效價格', 'Please enter a valid price', '유효한 가격을 입력하세요', '有効な価格を入力してください', 'Introduzca un precio válido']),
  lever_no_price: t(['暂无行情，请稍后再试', '暫無行情，請稍後再試', 'No market price yet, try again shortly', '아직 시세가 없습니다. 잠시 후 다시 시도하세요', 'まだ価格がありません。しばらくしてからお試しください', 'Aún no hay precio de mercado; inténtelo en breve']),
  lever_price_stale: t(['行情已过时，请稍后再试', '行情已過時，請稍後再試', 'The market price is out of date, try again shortly', '시세가 오래되었습니다. 잠시 후 다시 시도하세요', '価格が古くなっています。しばらくしてからお試しください', 'El precio de mercado está desactualizado; inténtelo en breve']),
  lever_value_out_of_range: t(['合约价值超出范围', '合約價值超出範圍', 'The contract value is out of range', '계약 가치가 범위를 벗어났습니다', '契約価値が範囲外です', 'El valor del contrato está fuera de rango']),
  lever_margin_too_small: t(['保证金过小', '保證金過小', 'The margin is too small', '증거금이 너무 적습니다', '証拠金が少なすぎます', 'El margen es demasiado pequeño']),
  lever_take_profit_invalid: t(['止盈价格设置错误：买涨须高于开仓价，买跌须低于开仓价', '止盈價格設置錯誤：買漲須高於開倉價，買跌須低於開倉價', 'Take-profit must be above the open price for a long and below it for a short', '익절가는 롱일 때 진입가보다 높고 숏일 때 낮아야 합니다', '利確価格はロングでは建値より上、ショートでは下にしてください', 'El take-profit debe estar por encima del precio de apertura en largo y por debajo en corto']),
  lever_take_profit_side: t(['止盈价格须高于当前价（{price}）和开仓价（买涨），或低于两者（买跌），否则会立即触发', '止盈價格須高於當前價（{price}）和開倉價（買漲），或低於兩者（買跌），否則會立即觸發', 'Take-profit must be above the current price ({price}) and the open price on a long, below both on a short, or it would fire at once', '익절가는 롱일 때 현재가({price})와 진입가보다 높고, 숏일 때 둘 다보다 낮아야 합니다. 그렇지 않으면 즉시 실행됩니다', '利確価格はロングでは現在価格（{price}）と建値より上、ショートでは両方より下にしてください（そうでないと即時に発動します）', 'El take-profit debe estar por encima del precio actual ({price}) y del de apertura en largo, y por debajo de ambos en corto, o se ejecutaría al instante']),
  lever_take_profit_out_of_range: t(['止盈价格超出允许范围', '止盈價格超出允許範圍', 'Take-profit is outside the allowed range of the current price', '익절가가 현재가 허용 범위를 벗어났습니다', '利確価格が現在価格の許容範囲外です', 'El take-profit está fuera del rango permitido del precio actual']),
  lever_stop_loss_invalid: t(['止损价格设置错误：买涨须低于开仓价，买跌须高于开仓价', '止損價格設置錯誤：買漲須低於開倉價，買跌須高於開倉價', 'Stop-loss must be below the open price for a long and above it for a short', '손절가는 롱일 때 진입가보다 낮고 숏일 때 높아야 합니다', '損切り価格はロングでは建値より下、ショートでは上にしてください', 'El stop-loss debe estar por debajo del precio de apertura en largo y por encima en corto']),
  lever_stop_loss_side: t(['止损价格须低于当前价（{price}）（买涨）或高于当前价（买跌），未成交的委托还须越过开仓价，否则会立即触发', '止損價格須低於當前價（{price}）（買漲）或高於當前價（買跌），未成交的委託還須越過開倉價，否則會立即觸發', 'Stop-loss must be below the current price ({price}) on a long, above it on a short, and past the open price for an order not yet open, or it would fire at once', '손절가는 롱일 때 현재가({price})보다 낮고 숏일 때 높아야 하며, 아직 체결되지 않은 주문은 진입가도 넘어야 합니다. 그렇지 않으면 즉시 실행됩니다', '損切り価格はロングでは現在価格（{price}）より下、ショートでは上にしてください。未約定の注文は建値も越えてください（そうでないと即時に発動します）', 'El stop-loss debe estar por debajo del precio actual ({price}) en largo y por encima en corto, y más allá del de apertura si la orden aún no está abierta, o se ejecutaría al instante']),
  lever_stop_loss_out_of_range: t(['止损价格超出允许范围', '止損價格超出允許範圍', 'Stop-loss is outside the allowed range of the current price', '손절가가 현재가 허용 범위를 벗어났습니다', '損切り価格が現在価格の許容範囲外です', 'El stop-loss está fuera del rango permitido del precio actual']),
  lever_positions_limit: t(['持仓数量已达上限', '持倉數量已達上限', 'You hold the most positions allowed on this pair', '이 페어의 최대 포지션 수에 도달했습니다', 'このペアの建玉数が上限に達しています', 'Tiene el máximo de posiciones permitido en este par']),
  lever_entrusts_limit: t(['委托数量已达上限', '委託數量已達上限', 'You have the most pending orders allowed on this pair', '이 페어의 최대 대기 주문 수에 도달했습니다', 'このペアの注文数が上限に達しています', 'Tiene el máximo de órdenes pendientes permitido en este par']),
  lever_order_exists: t(['订单已存在', '訂單已存在', 'The order already exists', '이미 존재하는 주문입니다', '注文は既に存在します', 'La orden ya existe']),
  lever_order_not_found: t(['订单不存在', '訂單不存在', 'Order not found', '주문을 찾을 수 없습니다', '注文が見つかりません', 'Orden no encontrada']),
  lever_order_not_pending: t(['该委托已成交或已撤销', '該委託已成交或已撤銷', 'The order is no longer pending', '이미 체결되었거나 취소된 주문입니다', 'この注文は既に約定または取消済みです', 'La orden ya no está pendiente']),
  lever_order_not_open: t(['该仓位已平仓', '該倉位已平倉', 'The position is no longer open', '이미 청산된 포지션입니다', 'このポジションは既に決済済みです', 'La posición ya no está abierta']),
  lever_tick_invalid: t(['行情数据无效', '行情數據無效', 'Invalid market price', '유효하지 않은 시세입니다', '無効な価格です', 'Precio de mercado no válido']),
  lever_tick_stale: t(['行情数据过时', '行情數據過時', 'Out-of-date market price', '오래된 시세입니다', '古い価格です', 'Precio de mercado desactualizado']),
} satisfies Partial<Record<ErrorCode, Translations>>;

export const LEVER_NOTICES = {
  lever_submitted: t(['下单成功', '下單成功', 'Order placed', '주문이 접수되었습니다', '注文しました', 'Orden enviada']),
  lever_cancelled: t(['撤单成功', '撤單成功', 'Order cancelled', '주문이 취소되었습니다', '注文を取り消しました', 'Orden cancelada']),
  lever_closed: t(['平仓成功', '平倉成功', 'Position closed', '포지션이 청산되었습니다', 'ポジションを決済しました', 'Posición cerrada']),
  lever_stops_set: t(['设置成功', '設置成功', 'Take-profit and stop-loss saved', '익절/손절이 저장되었습니다', '利確・損切りを保存しました', 'Take-profit y stop-loss guardados']),
} satisfies Partial<Record<NoticeCode, Translations>>;
