import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@tidemark/core';
import { calls, formatBytes, limits, rateLimits } from '@tidemark/protocol';
import { z } from 'zod';
import { route } from '../../http/calls';
import { ok, SessionInvalid } from '../../http/envelope';
import { limitRequests } from '../../http/rate-limit';
import { Rejection } from '../../rejection';
import { findLinkedUpload, findOwnUpload, storeUpload } from './service';

export const ZUploadParams = z.object({ name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png)$/) });
/** a signed link's query; absent when the token is sent */
const ZLinkQuery = z.object({ expires: z.coerce.number().int().positive(), sig: z.string().max(64) });

/**
 * Streams a stored upload, never cached, as the type its bytes were judged to be (never guessed
 * again by the browser), shown, not downloaded, under its stored name (random hex, nothing a
 * header could be broken with); `upload_not_found` when there is none.
 */
export function sendUpload(reply: FastifyReply, uploadDir: string, upload: { name: string; mime: string } | undefined) {
  if (!upload) throw new Rejection('upload_not_found');
  return reply
    .type(upload.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${upload.name}"`)
    .header('cache-control', 'private, no-store')
    .send(fs.createReadStream(path.join(uploadDir, upload.name)));
}

/**
 * The one image of an upload request. The multipart stream may end cut at the size limit without
 * an error, so its `truncated` flag is checked too; any other failure reading the client's body
 * (a part without its closing boundary) is the client's malformed request.
 */
export async function readImage(request: FastifyRequest): Promise<Buffer> {
  const max = limits.uploadIdentityBytesMax;
  const tooLarge = () => new Rejection('upload_too_large', { limit: formatBytes(max) });
  try {
    const file = await request.file({ limits: { files: 1, fileSize: max } });
    if (!file) throw new Rejection('upload_missing');
    const bytes = await file.toBuffer();
    if (file.file.truncated || bytes.length > max) throw tooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof Rejection) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new Rejection('bad_request');
  }
}

export const uploadRoutes: FastifyPluginAsync<{ clock: Clock; uploadDir: string; linkKey: Buffer }> = async (app, { clock, uploadDir, linkKey }) => {
  const { perIp, perAccount } = rateLimits.upload;
  route(
    app,
    calls.upload,
    async (request, _reply, { db }) => {
      if (!request.isMultipart()) throw new Rejection('upload_missing');
      const bytes = await readImage(request as unknown as FastifyRequest);
      return ok(await storeUpload(db, uploadDir, linkKey, request.userId, bytes, clock()));
    },
    {
      preHandler: limitRequests(app, 'upload', [
        { by: 'ip', max: perIp.max, timeWindowMs: perIp.windowMs },
        { by: (request) => String(request.userId), max: perAccount.max, timeWindowMs: perAccount.windowMs },
      ]),
    },
  );

  route(
    app,
    calls.uploadRead,
    async (request, reply, { db }) => {
      const { name } = request.params as z.output<typeof ZUploadParams>;
      // with the token: its owner's; without: a signed link, which an <img> can carry
      const link = ZLinkQuery.safeParse(request.query);
      if (request.userId === 0n && !link.success) throw new SessionInvalid();
      const upload =
        request.userId !== 0n ? await findOwnUpload(db, request.userId, name) : await findLinkedUpload(db, linkKey, name, link.data!, clock());
      return sendUpload(reply, uploadDir, upload);
    },
    { params: ZUploadParams },
  );
};
