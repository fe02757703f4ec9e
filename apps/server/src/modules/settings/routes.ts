import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { LEVER_ENGINE } from '../lever/routes';
import { MICRO_SETTLER } from '../micro/routes';
import { SPOT_ENGINE } from '../spot/routes';
import {
  marketSettings,
  saveBankAccount,
  saveDepositAddress,
  saveDualApproval,
  saveMicroCurrency,
  saveMicroSeconds,
  savePair,
  savePlatformOpen,
  saveSpotMaker,
  saveWithdrawLimit,
} from './service';

/** The wake that has the leader's spot matcher reload the market maker's settings. */
export const SPOT_MAKER_SETTINGS = `${SPOT_ENGINE}:settings`;

/**
 * `wake` reaches the leader's engines on whichever process leads (through Redis with several):
 * the lever engine and the micro settler re-read their pairs, the spot matcher the market maker's settings.
 */
export const settingsRoutes: FastifyPluginAsync<{ clock: Clock; wake: (engine: string) => void }> = async (app, { clock, wake }) => {
  route(app, calls.adminMarkets, async (_request, _reply, { db }) => ok(await marketSettings(db)));

  const saved = (lang: Parameters<typeof notice>[0]) => ok(notice(lang, 'review_saved'));
  const change = (staffId: bigint) => ({ staffId, nowMs: clock() });

  route(app, calls.adminPairSave, async (request, _reply, { db }) => {
    await savePair(db, request.body, change(request.userId));
    wake(LEVER_ENGINE);
    // a pair opened for micro options has its trades recorded from now on
    wake(MICRO_SETTLER);
    return saved(request.lang);
  });
  route(app, calls.adminMicroSecondsSave, async (request, _reply, { db }) => {
    await saveMicroSeconds(db, request.body, change(request.userId));
    return saved(request.lang);
  });
  route(app, calls.adminMicroCurrencySave, async (request, _reply, { db }) => {
    await saveMicroCurrency(db, request.body, change(request.userId));
    return saved(request.lang);
  });
  route(app, calls.adminDepositAddressSave, async (request, _reply, { db }) => {
    await saveDepositAddress(db, request.body, change(request.userId));
    return saved(request.lang);
  });
  route(app, calls.adminBankAccountSave, async (request, _reply, { db }) => {
    await saveBankAccount(db, request.body, change(request.userId));
    return saved(request.lang);
  });
  route(app, calls.adminWithdrawLimitSave, async (request, _reply, { db }) => {
    await saveWithdrawLimit(db, request.body, change(request.userId));
    return saved(request.lang);
  });
  route(app, calls.adminDualApprovalSave, async (request, _reply, { db }) => {
    await saveDualApproval(db, request.body, change(request.userId));
    return saved(request.lang);
  });
  route(app, calls.adminPlatformSave, async (request, _reply, { db }) => {
    await savePlatformOpen(db, request.body.open, change(request.userId));
    return saved(request.lang);
  });
  route(app, calls.adminSpotMakerSave, async (request, _reply, { db }) => {
    await saveSpotMaker(db, request.body, change(request.userId));
    wake(SPOT_MAKER_SETTINGS);
    return saved(request.lang);
  });
};
