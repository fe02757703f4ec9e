import { Migrator, sql, type Migration } from 'kysely';
import type { Db } from './database';
import * as createFoundation from './migrations/20261122150000_create_foundation';
import * as createAccounts from './migrations/20261122160000_create_accounts';
import * as createWallets from './migrations/20261122170000_create_wallets';
import * as createMarket from './migrations/20261201090000_create_market';
import * as createMicro from './migrations/20261202110000_create_micro';
import * as createLever from './migrations/20261202120000_create_lever';
import * as createSpot from './migrations/20261202130000_create_spot';
import * as uploadDigest from './migrations/20261203100000_upload_digest';
import * as createSpotMaker from './migrations/20261203140000_create_spot_maker';
import * as addPairPrecision from './migrations/20261203170000_add_pair_precision';
import * as clearDepositPlaceholders from './migrations/20261203170100_clear_deposit_placeholders';
import * as addLeverStopsSetAt from './migrations/20261204110000_add_lever_stops_set_at';
import * as createStaff from './migrations/20261203150000_create_staff';
import * as createNotice from './migrations/20261203151000_create_notice';
import * as createTotpRecovery from './migrations/20261204130000_create_totp_recovery';
import * as indexOpenMicroOrders from './migrations/20261205100000_index_open_micro_orders';
import * as recordMicroSettlementsOnOrders from './migrations/20261206100000_record_micro_settlements_on_orders';
import * as storeMicroRecordHashesAsBytes from './migrations/20261207100000_store_micro_record_hashes_as_bytes';
import * as dropLedgerEntryAccountIndex from './migrations/20261208100000_drop_ledger_entry_account_index';
import * as storeWalletLogTextsOnce from './migrations/20261208110000_store_wallet_log_texts_once';
import * as indexLiveLeverOrders from './migrations/20261209100000_index_live_lever_orders';
import * as createEngineLease from './migrations/20261210100000_create_engine_lease';
import * as createStaffInvite from './migrations/20261211100000_create_staff_invite';
import * as moveDualApprovalToCurrency from './migrations/20261211200000_move_dual_approval_to_currency';
import * as sealOutboxCodes from './migrations/20261211400000_seal_outbox_codes';
import * as createScheduleRun from './migrations/20261212100000_create_schedule_run';

/** Forward-only migrations, in name order; add new files here. */
const MIGRATIONS: Record<string, Migration> = {
  '20261122150000_create_foundation': createFoundation,
  '20261122160000_create_accounts': createAccounts,
  '20261122170000_create_wallets': createWallets,
  '20261201090000_create_market': createMarket,
  '20261202110000_create_micro': createMicro,
  '20261202120000_create_lever': createLever,
  '20261202130000_create_spot': createSpot,
  '20261203100000_upload_digest': uploadDigest,
  '20261203140000_create_spot_maker': createSpotMaker,
  '20261203170000_add_pair_precision': addPairPrecision,
  '20261203170100_clear_deposit_placeholders': clearDepositPlaceholders,
  '20261204110000_add_lever_stops_set_at': addLeverStopsSetAt,
  '20261203150000_create_staff': createStaff,
  '20261203151000_create_notice': createNotice,
  '20261204130000_create_totp_recovery': createTotpRecovery,
  '20261205100000_index_open_micro_orders': indexOpenMicroOrders,
  '20261206100000_record_micro_settlements_on_orders': recordMicroSettlementsOnOrders,
  '20261207100000_store_micro_record_hashes_as_bytes': storeMicroRecordHashesAsBytes,
  '20261208100000_drop_ledger_entry_account_index': dropLedgerEntryAccountIndex,
  '20261208110000_store_wallet_log_texts_once': storeWalletLogTextsOnce,
  '20261209100000_index_live_lever_orders': indexLiveLeverOrders,
  '20261210100000_create_engine_lease': createEngineLease,
  '20261211100000_create_staff_invite': createStaffInvite,
  '20261211200000_move_dual_approval_to_currency': moveDualApprovalToCurrency,
  '20261211400000_seal_outbox_codes': sealOutboxCodes,
  '20261212100000_create_schedule_run': createScheduleRun,
};

/** Runs pending migrations; `pgSchema` keeps Kysely's bookkeeping tables in the same schema. */
export async function migrate(db: Db, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** How many migrations this build knows that the database has not run (readiness reports it). */
export async function pendingMigrations(db: Db): Promise<number> {
  // Kysely's own bookkeeping table, found through the connection's search path
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const ran = new Set(rows.map((r) => r.name));
  return Object.keys(MIGRATIONS).filter((name) => !ran.has(name)).length;
}
