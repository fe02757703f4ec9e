import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, formatBytes, limits } from '@tidemark/protocol';
import { z } from 'zod';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { Rejection } from '../../rejection';
import { SessionInvalid } from '../../http/envelope';
import { findLinkedUpload, findReadableUpload, storeUpload } from './service';

const ZUploadParams = z.object({ name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png)$/) });
/** a signed link's query; absent when the token is sent */
const ZLinkQuery = z.object({ expires: z.coerce.number().int().positive(), sig: z.string().max(64) });

export const uploadRoutes: FastifyPluginAsync<{ clock: Clock; uploadDir: string; linkKey: Buffer }> = async (app, { clock, uploadDir, linkKey }) => {
  route(app, calls.upload, async (request, _reply, { db }) => {
    if (!request.isMultipart()) throw new Rejection('upload_missing');
    const file = await request.file({ limits: { files: 1, fileSize: limits.uploadIdentityBytesMax } });
    if (!file) throw new Rejection('upload_missing');
    const bytes = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new Rejection('upload_too_large', { limit: formatBytes(limits.uploadIdentityBytesMax) });
      throw error;
    });
    return ok(await storeUpload(db, uploadDir, linkKey, request.userId, bytes, clock()));
  });

  route(
    app,
    calls.uploadRead,
    async (request, reply, { db }) => {
      const { name } = request.params as z.output<typeof ZUploadParams>;
      // with the token: its owner or staff; without: a signed link, which an <img> can carry
      const link = ZLinkQuery.safeParse(request.query);
      if (request.userId === 0n && !link.success) throw new SessionInvalid();
      const upload =
        request.userId !== 0n ? await findReadableUpload(db, request.userId, name) : await findLinkedUpload(db, linkKey, name, link.data!, clock());
      if (!upload) throw new Rejection('upload_not_found');
      return reply
        .type(upload.mime)
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(path.join(uploadDir, upload.name)));
    },
    { params: ZUploadParams },
  );
};
