import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
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

/**
 * A change wakes the leader's engines it concerns, on whichever process leads (through Redis with
 * several): the lever engine and the micro settler re-read their pairs, the spot matcher the
 * market maker's settings.
 */
export const settingsRoutes: FastifyPluginAsync<{ clock: Clock }> = async (app, { clock }) => {
  route(app, calls.adminMarkets, async (_request, _reply, { db }) => ok(await marketSettings(db)));

  const saved = (lang: Parameters<typeof notice>[0]) => ok(notice(lang, 'review_saved'));
  const change = (staffId: bigint) => ({ staffId, nowMs: clock() });

  route(app, calls.adminPairSave, async (request, _reply, { db, wake }) => {
    await savePair(db, request.body, change(request.userId));
    wake('lever');
    // a pair opened for micro options has its trades recorded from now on
    wake('micro');
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
  route(app, calls.adminSpotMakerSave, async (request, _reply, { db, wake }) => {
    await saveSpotMaker(db, request.body, change(request.userId));
    wake('spot:settings');
    return saved(request.lang);
  });
};
