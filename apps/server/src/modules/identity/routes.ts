import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '@tidemark/core';
import { notice, ZNoticeResponse, ZRealNameRequest } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { ok } from '../../http/envelope';
import { submitIdentity } from './service';

export const identityRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.post(
    '/api/user/real_name',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Submit identity verification: name, ID number and three uploaded images',
        body: ZRealNameRequest,
        response: { 200: ZNoticeResponse },
      },
    },
    async (request) => {
      const b = request.body;
      await submitIdentity(
        db,
        request.userId,
        { name: b.name, cardId: b.card_id, frontPic: b.front_pic, reversePic: b.reverse_pic, handPic: b.hand_pic },
        clock(),
      );
      return ok(notice(request.lang, 'identity_submitted'));
    },
  );
};
