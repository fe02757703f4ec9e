import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '@tidemark/core';
import { formatBytes, limits, ZNoticeResponse } from '@tidemark/protocol';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { ok } from '../../http/envelope';
import { Rejection } from '../../rejection';
import { findReadableUpload, storeUpload } from './service';

export const uploadRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; uploadDir: string }> = async (app, { db, clock, uploadDir }) => {
  app.post(
    '/api/upload',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['upload'],
        summary: `Upload one JPEG or PNG image (multipart field \`file\`, at most ${formatBytes(limits.uploadIdentityBytesMax)}); the message is its URL`,
        response: { 200: ZNoticeResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new Rejection('upload_missing');
      const file = await request.file({ limits: { files: 1, fileSize: limits.uploadIdentityBytesMax } });
      if (!file) throw new Rejection('upload_missing');
      const bytes = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new Rejection('upload_too_large', { limit: formatBytes(limits.uploadIdentityBytesMax) });
        throw error;
      });
      return ok(await storeUpload(db, uploadDir, request.userId, bytes, clock()));
    },
  );

  app.get(
    '/api/upload/:name',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['upload'],
        summary: 'An uploaded image, to its owner and to staff only',
        params: z.object({ name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png)$/) }),
      },
    },
    async (request, reply) => {
      const upload = await findReadableUpload(db, request.userId, request.params.name);
      if (!upload) throw new Rejection('upload_not_found');
      return reply
        .type(upload.mime)
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(path.join(uploadDir, upload.name)));
    },
  );
};
