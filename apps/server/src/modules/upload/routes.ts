import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, formatBytes, limits } from '@tidemark/protocol';
import { z } from 'zod';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { Rejection } from '../../rejection';
import { findOwnUpload, storeUpload } from './service';

export const ZUploadParams = z.object({ name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png)$/) });

/** Streams a stored upload, never cached; `upload_not_found` when there is none. */
export function sendUpload(reply: FastifyReply, uploadDir: string, upload: { name: string; mime: string } | undefined) {
  if (!upload) throw new Rejection('upload_not_found');
  return reply.type(upload.mime).header('cache-control', 'private, no-store').send(fs.createReadStream(path.join(uploadDir, upload.name)));
}

export const uploadRoutes: FastifyPluginAsync<{ clock: Clock; uploadDir: string }> = async (app, { clock, uploadDir }) => {
  route(app, calls.upload, async (request, _reply, { db }) => {
    if (!request.isMultipart()) throw new Rejection('upload_missing');
    const file = await request.file({ limits: { files: 1, fileSize: limits.uploadIdentityBytesMax } });
    if (!file) throw new Rejection('upload_missing');
    const bytes = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new Rejection('upload_too_large', { limit: formatBytes(limits.uploadIdentityBytesMax) });
      throw error;
    });
    return ok(await storeUpload(db, uploadDir, request.userId, bytes, clock()));
  });

  route(
    app,
    calls.uploadRead,
    async (request, reply, { db }) => {
      const { name } = request.params as z.output<typeof ZUploadParams>;
      return sendUpload(reply, uploadDir, await findOwnUpload(db, request.userId, name));
    },
    { params: ZUploadParams },
  );
};
