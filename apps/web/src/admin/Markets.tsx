import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Space, Table, Tabs, Tag } from 'antd';
import type { ReactNode } from 'react';
import {
  calls,
  type TAdminDepositAddress,
  type TAdminDualApproval,
  type TAdminMarketPair,
  type TAdminMicroCurrency,
  type TAdminMicroSeconds,
  type TAdminSpotMaker,
  type TAdminWithdrawLimit,
} from '@tidemark/protocol';
import { adminCall } from './api';
import { SettingEditor, type SettingField } from './SettingEditor';
import { adminText } from './texts';

const onOff = (on: boolean) => <Tag color={on ? 'green' : 'default'}>{adminText(on ? 'yes' : 'no')}</Tag>;
const num = { align: 'right' as const, className: 'tm-num' };

const PAIR_FIELDS: SettingField[] = [
  { name: 'is_display', label: 'display', kind: 'flag' },
  { name: 'spread', label: 'spreadPercent', kind: 'number' },
  { name: 'fee', label: 'feePercent', kind: 'number' },
  { name: 'share_num', label: 'contractSize', kind: 'number' },
];
const MICRO_PAIR_FIELDS: SettingField[] = [{ name: 'micro_open', label: 'microOpen', kind: 'flag' }];
const LEVER_FIELDS: SettingField[] = [
  { name: 'lever_open', label: 'leverOpen', kind: 'flag' },
  { name: 'multiples', label: 'multiples' },
  { name: 'hand_presets', label: 'handPresets' },
  { name: 'hands_min', label: 'handsMin', kind: 'number' },
  { name: 'hands_max', label: 'handsMax', kind: 'number' },
  { name: 'maintenance', label: 'maintenancePercent', kind: 'number' },
];
const SECONDS_FIELDS: SettingField[] = [
  { name: 'profit_ratio', label: 'profitPercent', kind: 'number' },
  { name: 'status', label: 'enabled', kind: 'flag' },
];
const MICRO_CURRENCY_FIELDS: SettingField[] = [
  { name: 'payable', label: 'payable', kind: 'flag' },
  { name: 'min', label: 'min', kind: 'number' },
  { name: 'max', label: 'max', kind: 'number' },
  { name: 'fee', label: 'feePercent', kind: 'number' },
  { name: 'presets', label: 'presets' },
];
const BANK_FIELDS: SettingField[] = [
  { name: 'bank_name', label: 'bankName' },
  { name: 'card_name', label: 'accountHolder' },
  { name: 'card_number', label: 'accountNumber' },
];
const WITHDRAW_FIELDS: SettingField[] = [
  { name: 'min', label: 'min', kind: 'number' },
  { name: 'max', label: 'max', kind: 'number' },
  { name: 'daily_limit', label: 'dailyLimit', kind: 'number' },
  { name: 'rate', label: 'feePercent', kind: 'number' },
];
const MAKER_FIELDS: SettingField[] = [
  { name: 'is_active', label: 'makerActive', kind: 'flag' },
  { name: 'levels', label: 'levels', kind: 'number' },
  { name: 'spread', label: 'spreadPercent', kind: 'number' },
  { name: 'step', label: 'stepPercent', kind: 'number' },
  { name: 'size', label: 'rungSize', kind: 'number' },
];

function pairValues(p: TAdminMarketPair) {
  return {
    is_display: p.is_display,
    spread: p.spread,
    fee: p.fee,
    share_num: p.share_num,
    ...(p.micro_open === null ? {} : { micro_open: p.micro_open }),
    ...(p.lever === null
      ? {}
      : {
          lever_open: p.lever.is_open,
          multiples: p.lever.multiples.join(','),
          hand_presets: p.lever.hand_presets.join(','),
          hands_min: String(p.lever.hands_min),
          hands_max: String(p.lever.hands_max),
          maintenance: p.lever.maintenance,
        }),
  };
}

/** Markets and products: every setting a trader's calls and the engines read, changed without a restart. */
export default function Markets({ isAdmin }: { isAdmin: boolean }) {
  const settings = useQuery({ queryKey: ['admin', 'markets'], queryFn: () => adminCall(calls.adminMarkets, undefined) });
  const data = settings.data;
  /** the edit column, for admins only */
  const edit = <R,>(render: (row: R) => ReactNode) => (isAdmin ? [{ title: adminText('actions'), width: 110, render: (_: unknown, row: R) => render(row) }] : []);
  const table = { size: 'small' as const, pagination: false as const, loading: settings.isFetching };

  const platform = (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {data && !data.platform_open && <Alert type="warning" showIcon message={adminText('platformHint')} />}
      <Space>
        <span>{adminText('platformOpen')}</span>
        {data && onOff(data.platform_open)}
        {isAdmin && data && (
          <SettingEditor call={calls.adminPlatformSave} title={adminText('platform')} fields={[{ name: 'open', label: 'platformOpen', kind: 'flag', hint: 'platformHint' }]} values={{ open: data.platform_open }} />
        )}
      </Space>
      <h2 className="tm-admin-h2">{adminText('depositAddresses')}</h2>
      <Table<TAdminDepositAddress>
        {...table}
        rowKey={(r) => `${r.currency_id}:${r.network}`}
        dataSource={data?.deposit_addresses ?? []}
        columns={[
          { title: adminText('currency'), dataIndex: 'currency_name', width: 110 },
          { title: adminText('chain'), dataIndex: 'network', width: 110 },
          { title: adminText('address'), render: (_, r) => (r.address ? <span className="tm-admin-mono">{r.address}</span> : <Tag color="red">{adminText('notSet')}</Tag>) },
          ...edit((r: TAdminDepositAddress) => (
              <SettingEditor
                call={calls.adminDepositAddressSave}
                title={`${adminText('depositAddresses')} · ${r.currency_name} · ${r.network}`}
                fields={[{ name: 'address', label: 'address', kind: 'text', hint: 'addressHint' }]}
                values={{ address: r.address }}
                fixed={{ currency_id: String(r.currency_id), network: r.network }}
              />
            )),
        ]}
      />
      <Space>
        <h2 className="tm-admin-h2">{adminText('bankAccount')}</h2>
        {isAdmin && data && <SettingEditor call={calls.adminBankAccountSave} title={adminText('bankAccount')} fields={BANK_FIELDS} values={data.bank_account} />}
      </Space>
      <Descriptions
        size="small"
        column={3}
        bordered
        items={BANK_FIELDS.map((f) => ({ key: f.name, label: adminText(f.label), children: data?.bank_account[f.name as keyof typeof data.bank_account] }))}
      />
      <h2 className="tm-admin-h2">{adminText('withdrawLimits')}</h2>
      <Table<TAdminWithdrawLimit>
        {...table}
        rowKey="currency_id"
        dataSource={data?.withdraw_limits ?? []}
        columns={[
          { title: adminText('currency'), dataIndex: 'currency_name', width: 110 },
          { title: adminText('min'), dataIndex: 'min', ...num },
          { title: adminText('max'), dataIndex: 'max', ...num },
          { title: adminText('dailyLimit'), dataIndex: 'daily_limit', ...num },
          { title: adminText('feePercent'), dataIndex: 'rate', ...num },
          ...edit((r: TAdminWithdrawLimit) => (
              <SettingEditor
                call={calls.adminWithdrawLimitSave}
                title={`${adminText('withdrawLimits')} · ${r.currency_name}`}
                fields={WITHDRAW_FIELDS}
                values={{ min: r.min, max: r.max, daily_limit: r.daily_limit, rate: r.rate }}
                fixed={{ currency_id: String(r.currency_id) }}
              />
            )),
        ]}
      />
      <h2 className="tm-admin-h2">{adminText('dualApprovals')}</h2>
      <Table<TAdminDualApproval>
        {...table}
        rowKey="currency_id"
        dataSource={data?.dual_approvals ?? []}
        columns={[
          { title: adminText('currency'), dataIndex: 'currency_name', width: 110 },
          { title: adminText('dualApprovalAmount'), dataIndex: 'amount', ...num },
          ...edit((r: TAdminDualApproval) => (
              <SettingEditor
                call={calls.adminDualApprovalSave}
                title={`${adminText('dualApprovals')} · ${r.currency_name}`}
                fields={[{ name: 'amount', label: 'dualApprovalAmount', kind: 'number', hint: 'dualApprovalHint' }]}
                values={{ amount: r.amount }}
                fixed={{ currency_id: String(r.currency_id) }}
              />
            )),
        ]}
      />
    </Space>
  );

  const pairs = (
    <Table<TAdminMarketPair>
      {...table}
      rowKey="pair_id"
      dataSource={data?.pairs ?? []}
      columns={[
        { title: adminText('pair'), dataIndex: 'symbol', width: 110 },
        { title: adminText('display'), render: (_, p) => onOff(p.is_display) },
        { title: adminText('spreadPercent'), dataIndex: 'spread', ...num },
        { title: adminText('feePercent'), dataIndex: 'fee', ...num },
        { title: adminText('contractSize'), dataIndex: 'share_num', ...num },
        { title: adminText('contracts'), render: (_, p) => (p.lever ? onOff(p.lever.is_open) : '—') },
        { title: adminText('leverages'), render: (_, p) => p.lever?.multiples.join(', ') ?? '—' },
        { title: adminText('hands'), render: (_, p) => (p.lever ? `${p.lever.hands_min} – ${p.lever.hands_max}` : '—'), ...num },
        { title: adminText('maintenancePercent'), render: (_, p) => p.lever?.maintenance ?? '—', ...num },
        { title: adminText('micro'), render: (_, p) => (p.micro_open === null ? '—' : onOff(p.micro_open)) },
        ...edit((p: TAdminMarketPair) => (
            <SettingEditor
              call={calls.adminPairSave}
              title={`${adminText('pairs')} · ${p.symbol}`}
              fields={[...PAIR_FIELDS, ...(p.micro_open === null ? [] : MICRO_PAIR_FIELDS), ...(p.lever ? LEVER_FIELDS : [])]}
              values={pairValues(p)}
              fixed={{ pair_id: String(p.pair_id) }}
            />
          )),
      ]}
    />
  );

  const micro = (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space>
        <h2 className="tm-admin-h2">{adminText('expiries')}</h2>
        {isAdmin && (
          <SettingEditor
            call={calls.adminMicroSecondsSave}
            title={adminText('addExpiry')}
            buttonLabel="addExpiry"
            fields={[{ name: 'seconds', label: 'seconds', kind: 'number' }, ...SECONDS_FIELDS]}
            values={{ seconds: '', profit_ratio: '', status: true }}
          />
        )}
      </Space>
      <Table<TAdminMicroSeconds>
        {...table}
        rowKey="seconds"
        dataSource={data?.micro_seconds ?? []}
        columns={[
          { title: adminText('seconds'), dataIndex: 'seconds', width: 120, ...num },
          { title: adminText('profitPercent'), dataIndex: 'profit_ratio', ...num },
          { title: adminText('enabled'), render: (_, s) => onOff(s.status) },
          ...edit((s: TAdminMicroSeconds) => (
              <SettingEditor
                call={calls.adminMicroSecondsSave}
                title={`${adminText('expiries')} · ${s.seconds}s`}
                fields={SECONDS_FIELDS}
                values={{ profit_ratio: s.profit_ratio, status: s.status }}
                fixed={{ seconds: String(s.seconds) }}
              />
            )),
        ]}
      />
      <h2 className="tm-admin-h2">{adminText('payableCurrencies')}</h2>
      <Table<TAdminMicroCurrency>
        {...table}
        rowKey="currency_id"
        dataSource={data?.micro_currencies ?? []}
        columns={[
          { title: adminText('currency'), dataIndex: 'currency_name', width: 110 },
          { title: adminText('payable'), render: (_, c) => onOff(c.payable) },
          { title: adminText('min'), dataIndex: 'min', ...num },
          { title: adminText('max'), dataIndex: 'max', ...num },
          { title: adminText('feePercent'), dataIndex: 'fee', ...num },
          { title: adminText('stakePresets'), render: (_, c) => c.presets.join(', '), ...num },
          ...edit((c: TAdminMicroCurrency) => (
              <SettingEditor
                call={calls.adminMicroCurrencySave}
                title={`${adminText('payableCurrencies')} · ${c.currency_name}`}
                fields={MICRO_CURRENCY_FIELDS}
                values={{ payable: c.payable, min: c.min, max: c.max, fee: c.fee, presets: c.presets.join(',') }}
                fixed={{ currency_id: String(c.currency_id) }}
              />
            )),
        ]}
      />
    </Space>
  );

  const maker = (
    <Table<TAdminSpotMaker>
      {...table}
      rowKey="pair_id"
      dataSource={data?.spot_makers ?? []}
      columns={[
        { title: adminText('pair'), dataIndex: 'symbol', width: 110 },
        { title: adminText('makerActive'), render: (_, m) => onOff(m.is_active) },
        { title: adminText('levels'), dataIndex: 'levels', ...num },
        { title: adminText('spreadPercent'), dataIndex: 'spread', ...num },
        { title: adminText('stepPercent'), dataIndex: 'step', ...num },
        { title: adminText('rungSize'), dataIndex: 'size', ...num },
        ...edit((m: TAdminSpotMaker) => (
            <SettingEditor
              call={calls.adminSpotMakerSave}
              title={`${adminText('marketMaker')} · ${m.symbol}`}
              fields={MAKER_FIELDS}
              values={{ is_active: m.is_active, levels: String(m.levels), spread: m.spread, step: m.step, size: m.size }}
              fixed={{ pair_id: String(m.pair_id) }}
            />
          )),
      ]}
    />
  );

  return (
    <Tabs
      items={[
        { key: 'platform', label: adminText('platform'), children: platform },
        { key: 'pairs', label: adminText('pairs'), children: pairs },
        { key: 'micro', label: adminText('micro'), children: micro },
        { key: 'maker', label: adminText('marketMaker'), children: maker },
      ]}
    />
  );
}
