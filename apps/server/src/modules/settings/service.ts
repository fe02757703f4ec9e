import { ADDRESS_KIND_NAME, addressKind, isValidAddress, mustParseUnits, type AddressKind } from '@tidemark/core';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { recordStaffDecision } from '../audit/service';
import { selectBankDepositAccount, selectCurrency, selectPlatformOpen } from '../wallet/queries';
import {
  upsertMicroCurrency,
  selectDepositAddressRows,
  selectDualApprovals,
  selectMicroCurrencies,
  selectMicroSeconds,
  selectPairSettings,
  selectSpotMakers,
  selectWithdrawLimits,
  updateDualApproval,
  updatePair,
  upsertDepositAddress,
  upsertMicroSeconds,
  upsertSetting,
  upsertSpotMaker,
  upsertWithdrawLimit,
} from './queries';
import {
  presentAddress,
  presentBankAccount,
  presentDualApproval,
  presentMaker,
  presentMicroCurrency,
  presentPair,
  presentSeconds,
  presentWithdrawLimit,
} from './present';

/**
 * The console's market and product settings. Every change is one transaction with its audit entry
 * (before and after, as the console shows them); a refusal changes nothing. The trader calls read
 * these tables on every request, so a change shows on every process at once; the leader's engines
 * that hold settings in memory are woken to reload them (the routes do that after the commit).
 */

const flag = (on: boolean) => (on ? 1n : 0n);
const invalid = (field: string) => new Rejection('setting_invalid', { field });

export async function marketSettings(db: Db) {
  const [platformOpen, pairs, seconds, microCurrencies, addresses, withdrawLimits, dualApprovals, makers, bank] = await Promise.all([
    selectPlatformOpen(db),
    selectPairSettings(db),
    selectMicroSeconds(db),
    selectMicroCurrencies(db),
    selectDepositAddressRows(db),
    selectWithdrawLimits(db),
    selectDualApprovals(db),
    selectSpotMakers(db),
    bankAccount(db),
  ]);
  return {
    platform_open: platformOpen,
    pairs: pairs.map(presentPair),
    micro_seconds: seconds.map(presentSeconds),
    // a currency is listed once it is payable or has been set up for micro options
    micro_currencies: microCurrencies.filter((c) => c.payable !== null).map(presentMicroCurrency),
    deposit_addresses: addresses.map(presentAddress),
    withdraw_limits: withdrawLimits.map(presentWithdrawLimit),
    dual_approvals: dualApprovals.map(presentDualApproval),
    spot_makers: makers.map(presentMaker),
    bank_account: bank,
  };
}

/** Who changes what, and when. */
export interface Change {
  staffId: bigint;
  nowMs: number;
}

/**
 * Reads the setting as it is (`read`, null when it does not exist yet), writes it (`write`), reads
 * it again and records both in the audit log, all in one transaction.
 */
async function audited<T>(
  db: Db,
  change: Change,
  what: { action: string; subject: string; read: (trx: Db) => Promise<T | null>; write: (trx: Db, before: T | null) => Promise<void> },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await what.read(trx);
    await what.write(trx, before);
    const after = await what.read(trx);
    await recordStaffDecision(trx, { staffId: change.staffId, action: what.action, subject: what.subject, detail: { before, after } }, change.nowMs);
  });
}

export interface PairInput {
  pair_id: bigint;
  is_display: boolean;
  spread: bigint;
  fee: bigint;
  share_num: bigint;
  micro_open?: boolean | undefined;
  lever_open?: boolean | undefined;
  multiples?: number[] | undefined;
  hand_presets?: number[] | undefined;
  hands_min?: number | undefined;
  hands_max?: number | undefined;
  maintenance?: bigint | undefined;
}

export function savePair(db: Db, input: PairInput, change: Change): Promise<void> {
  return audited(db, change, {
    action: 'settings.pair',
    subject: `pair:${input.pair_id}`,
    read: async (trx) => {
      const row = (await selectPairSettings(trx, input.pair_id))[0];
      return row ? presentPair(row) : null;
    },
    write: async (trx, before) => {
      if (!before) throw new Rejection('not_found');
      const micro = before.micro_open === null ? undefined : { open_microtrade: flag(input.micro_open ?? before.micro_open) };
      let lever;
      if (before.lever) {
        const hands_min = input.hands_min ?? before.lever.hands_min;
        const hands_max = input.hands_max ?? before.lever.hands_max;
        const presets = input.hand_presets ?? before.lever.hand_presets;
        if (hands_max < hands_min) throw invalid('hands_max');
        if (presets.some((hands) => hands < hands_min || hands > hands_max)) throw invalid('hand_presets');
        lever = {
          is_open: flag(input.lever_open ?? before.lever.is_open),
          multiples: (input.multiples ?? before.lever.multiples).join(','),
          hand_presets: presets.join(','),
          hands_min: BigInt(hands_min),
          hands_max: BigInt(hands_max),
          maintenance_percent_units: input.maintenance ?? mustParseUnits(before.lever.maintenance),
        };
      }
      await updatePair(
        trx,
        input.pair_id,
        { is_display: flag(input.is_display), spread_units: input.spread, lever_trade_fee_units: input.fee, lever_share_num_units: input.share_num },
        micro,
        lever,
      );
    },
  });
}

export function saveMicroSeconds(db: Db, input: { seconds: number; profit_ratio: bigint; status: boolean }, change: Change): Promise<void> {
  const seconds = BigInt(input.seconds);
  return audited(db, change, {
    action: 'settings.micro_seconds',
    subject: `micro_seconds:${input.seconds}`,
    read: async (trx) => {
      const row = (await selectMicroSeconds(trx, seconds))[0];
      return row ? presentSeconds(row) : null;
    },
    write: (trx) => upsertMicroSeconds(trx, { seconds, profit_ratio_units: input.profit_ratio, status: flag(input.status) }),
  });
}

export function saveMicroCurrency(
  db: Db,
  input: { currency_id: bigint; payable: boolean; min: bigint; max: bigint; fee: bigint; presets: bigint[] },
  change: Change,
): Promise<void> {
  return audited(db, change, {
    action: 'settings.micro_currency',
    subject: `currency:${input.currency_id}`,
    read: async (trx) => {
      const row = (await selectMicroCurrencies(trx, input.currency_id))[0];
      if (!row) throw new Rejection('currency_not_found');
      return row.payable === null ? null : presentMicroCurrency(row);
    },
    write: async (trx) => {
      if (input.max < input.min) throw invalid('max');
      if (input.presets.some((stake) => stake < input.min || stake > input.max)) throw invalid('presets');
      await upsertMicroCurrency(
        trx,
        { currency_id: input.currency_id, payable: flag(input.payable), min_units: input.min, max_units: input.max, fee_percent_units: input.fee },
        input.presets,
      );
    },
  });
}

/** The chain each deposit network is: a currency is deposited only over its own chain (tokens over ETH or Trc20). */
const CHAIN_OF_NETWORK = { BTC: { name: 'BTC', kind: 'btc' }, ETH: { name: 'ERC20', kind: 'evm' }, Trc20: { name: 'TRC20', kind: 'tron' } } as const satisfies Record<
  string,
  { name: string; kind: AddressKind }
>;

export function saveDepositAddress(db: Db, input: { currency_id: bigint; network: 'BTC' | 'ETH' | 'Trc20'; address: string }, change: Change): Promise<void> {
  const key = { currencyId: input.currency_id, network: input.network };
  return audited(db, change, {
    action: 'settings.deposit_address',
    subject: `currency:${input.currency_id}:${input.network}`,
    read: async (trx) => {
      const row = (await selectDepositAddressRows(trx, key))[0];
      return row ? presentAddress(row) : null;
    },
    write: async (trx) => {
      const currency = await selectCurrency(trx, input.currency_id);
      if (!currency) throw new Rejection('currency_not_found');
      const chain = CHAIN_OF_NETWORK[input.network];
      const kind = addressKind(currency.name, chain.name);
      if (kind !== chain.kind) throw new Rejection('network_invalid');
      if (input.address !== '' && !isValidAddress(kind, input.address)) throw new Rejection('address_wrong_network', { network: ADDRESS_KIND_NAME[kind] });
      await upsertDepositAddress(trx, { currency_id: input.currency_id, network: input.network, address: input.address });
    },
  });
}

export function saveWithdrawLimit(
  db: Db,
  input: { currency_id: bigint; min: bigint; max: bigint; daily_limit: bigint; rate: bigint },
  change: Change,
): Promise<void> {
  return audited(db, change, {
    action: 'settings.withdraw_limit',
    subject: `currency:${input.currency_id}`,
    read: async (trx) => {
      const row = (await selectWithdrawLimits(trx, input.currency_id))[0];
      return row ? presentWithdrawLimit(row) : null;
    },
    write: async (trx) => {
      if (!(await selectCurrency(trx, input.currency_id))) throw new Rejection('currency_not_found');
      if (input.max < input.min) throw invalid('max');
      if (input.daily_limit < input.max) throw invalid('daily_limit');
      await upsertWithdrawLimit(trx, {
        currency_id: input.currency_id,
        min_units: input.min,
        max_units: input.max,
        daily_limit_units: input.daily_limit,
        rate_units: input.rate,
      });
    },
  });
}

/** A currency's two-approval amount, for its deposit credits and withdrawals alike. */
export function saveDualApproval(db: Db, input: { currency_id: bigint; amount: bigint }, change: Change): Promise<void> {
  return audited(db, change, {
    action: 'settings.dual_approval',
    subject: `currency:${input.currency_id}`,
    read: async (trx) => {
      const row = (await selectDualApprovals(trx, input.currency_id))[0];
      if (!row) throw new Rejection('currency_not_found');
      return presentDualApproval(row);
    },
    write: (trx) => updateDualApproval(trx, input.currency_id, input.amount),
  });
}

async function bankAccount(db: Db) {
  return presentBankAccount(await selectBankDepositAccount(db));
}

export function saveBankAccount(db: Db, input: { bank_name: string; card_name: string; card_number: string }, change: Change): Promise<void> {
  return audited(db, change, {
    action: 'settings.bank_account',
    subject: 'setting:bank_deposit',
    read: bankAccount,
    write: async (trx) => {
      await upsertSetting(trx, 'bank_deposit_bank_name', input.bank_name);
      await upsertSetting(trx, 'bank_deposit_card_name', input.card_name);
      await upsertSetting(trx, 'bank_deposit_card_number', input.card_number);
    },
  });
}

export function savePlatformOpen(db: Db, open: boolean, change: Change): Promise<void> {
  return audited(db, change, {
    action: 'settings.platform',
    subject: 'setting:platform_open',
    read: async (trx) => ({ is_open_CTbi: (await selectPlatformOpen(trx)) ? 1 : 0 }),
    write: (trx) => upsertSetting(trx, 'platform_open', open ? '1' : '0'),
  });
}

export function saveSpotMaker(
  db: Db,
  input: { pair_id: bigint; is_active: boolean; levels: number; spread: bigint; step: bigint; size: bigint },
  change: Change,
): Promise<void> {
  return audited(db, change, {
    action: 'settings.spot_maker',
    subject: `pair:${input.pair_id}`,
    read: async (trx) => {
      const row = (await selectSpotMakers(trx, input.pair_id))[0];
      return row ? presentMaker(row) : null;
    },
    write: async (trx) => {
      if (!(await selectPairSettings(trx, input.pair_id))[0]) throw new Rejection('not_found');
      // more than one rung a side needs a step between them
      if (input.levels > 1 && input.step === 0n) throw invalid('step');
      await upsertSpotMaker(trx, {
        pair_id: input.pair_id,
        is_active: flag(input.is_active),
        levels: BigInt(input.levels),
        spread_percent_units: input.spread,
        step_percent_units: input.step,
        size_units: input.size,
      });
    },
  });
}
