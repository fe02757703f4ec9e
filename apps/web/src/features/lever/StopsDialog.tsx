import { useQueryClient } from '@tanstack/react-query';
import type { LeverDirection } from '@tidemark/core';
import { calls, limits } from '@tidemark/protocol';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/mutation';
import { formatFixed, stepOfDecimals, toStep } from '../../format';
import type { Pair } from '../market/pair';
import { useTicker } from '../market/tickers';
import { leverKeys, type LeverOrder } from './api';
import { stopBounds } from './estimate';
import { PRICE_DECIMALS } from './show';
import StopInput from './StopInput';
import { useToast } from '../../components/Toasts';

interface Values {
  takeProfit?: string | null;
  stopLoss?: string | null;
}

/** A stop as the dialog starts: the order's, or empty for none (the wire's 0). */
const initialStop = (value: string) => (/[1-9]/.test(value) ? toStep(value, stepOfDecimals(PRICE_DECIMALS), 'down') : null);

/** The take-profit / stop-loss dialog of an open position: empty means none; zero or below is refused. */
export default function StopsDialog({ order, pair, onClose }: { order: LeverOrder; pair: Pair; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const currentPrice = useTicker(order.symbol)?.now_price ?? order.mark_price;
  const direction = order.type as LeverDirection;
  const tpBounds = stopBounds('takeProfit', direction, currentPrice, limits.leverStopRangeUnits);
  const slBounds = stopBounds('stopLoss', direction, currentPrice, limits.leverStopRangeUnits);
  const save = useCallMutation(calls.leverSetStop, {
    onSuccess: (notice) => {
      toast.success({ content: notice, key: calls.leverSetStop.path });
      void queryClient.invalidateQueries({ queryKey: leverKeys.all });
      onClose();
    },
  });
  const aboveZero = (field: string) => ({
    validator: async (_rule: unknown, value: string | null | undefined) => {
      if (value !== null && value !== undefined && value !== '' && !/^[0-9.]*[1-9]/.test(value)) {
        throw new Error(t('lever.stops.positive', { field }));
      }
    },
  });
  return (
    <Modal
      open
      title={`${t('lever.stops.title')} · ${order.symbol} ${order.type === 1 ? t('lever.side.long') : t('lever.side.short')} ${order.multiple}x`}
      okText={t('lever.stops.save')}
      cancelText={t('lever.confirm.no')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="tm-lv-dialog-hint">
        {t('lever.stops.hint', { open: formatFixed(order.open_price, PRICE_DECIMALS), mark: formatFixed(currentPrice, PRICE_DECIMALS), legal: pair.legalName })}
      </p>
      <Form
        form={form}
        name="lever-stops"
        layout="vertical"
        requiredMark={false}
        initialValues={{ takeProfit: initialStop(order.target_profit_price), stopLoss: initialStop(order.stop_loss_price) }}
        onFinish={(v) =>
          save.mutate({ id: String(order.id), target_profit_price: v.takeProfit ?? '', stop_loss_price: v.stopLoss ?? '' })
        }
      >
        <Form.Item label={t('lever.form.takeProfit')} name="takeProfit" rules={[aboveZero(t('lever.form.takeProfit'))]}>
          <StopInput max={tpBounds?.max} />
        </Form.Item>
        <Form.Item label={t('lever.form.stopLoss')} name="stopLoss" rules={[aboveZero(t('lever.form.stopLoss'))]}>
          <StopInput max={slBounds?.max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
