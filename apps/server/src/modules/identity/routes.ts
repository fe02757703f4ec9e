import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { submitIdentity } from './service';

export const identityRoutes: FastifyPluginAsync<{ clock: Clock }> = async (app, { clock }) => {
  route(app, calls.userRealName, async (request, _reply, { db }) => {
    const b = request.body;
    await submitIdentity(
      db,
      request.userId,
      { name: b.name, cardId: b.card_id, frontPic: b.front_pic, reversePic: b.reverse_pic, handPic: b.hand_pic },
      clock(),
    );
    return ok(notice(request.lang, 'identity_submitted'));
  });
};
