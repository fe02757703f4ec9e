import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatBytes, limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { UploadTable } from '../../db/schema';
import { Rejection } from '../../rejection';
import { recordStaffDecision } from '../audit/service';
import { insertUpload, selectUpload, selectUploadUsage } from './queries';

const SIGNATURES: ReadonlyArray<{ mime: UploadTable['mime']; ext: string; magic: number[] }> = [
  { mime: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** JPEG or PNG judged by the bytes, never by the file name or the declared type. */
export function sniffImage(bytes: Buffer): (typeof SIGNATURES)[number] | undefined {
  return SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b));
}

export const UPLOAD_URL_PREFIX = '/api/upload/';

/**
 * The key that signs upload links: the configured one, else one made once and kept beside the
 * uploads (its name is not an upload's, so it is never served). Several server processes share
 * links only when they share this key: configure it, or share the data folder.
 */
export async function uploadLinkKey(uploadDir: string, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured);
  const file = path.join(uploadDir, '.link-key');
  await fs.mkdir(uploadDir, { recursive: true });
  // 'wx': the first process to start writes it; any other reads what was written
  await fs.writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' }).catch((error: { code?: string }) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return Buffer.from(await fs.readFile(file, 'utf8'));
}

const linkSignature = (key: Buffer, name: string, ownerId: bigint, expiresMs: number) =>
  createHmac('sha256', key).update(`${name}:${ownerId}:${expiresMs}`).digest('base64url');

/** An upload's URL signed for its owner: it works without the token until it expires (within the hour). */
export function signedUploadUrl(key: Buffer, name: string, ownerId: bigint, nowMs: number): string {
  const expiresMs = nowMs + limits.uploadLinkTtlMs;
  return `${UPLOAD_URL_PREFIX}${name}?expires=${expiresMs}&sig=${linkSignature(key, name, ownerId, expiresMs)}`;
}

/** The upload a signed link names, if the signature holds for its owner and has not expired. */
export async function findLinkedUpload(db: Db, key: Buffer, name: string, link: { expires: number; sig: string }, nowMs: number) {
  if (link.expires <= nowMs || link.expires > nowMs + limits.uploadLinkTtlMs) return undefined;
  const upload = await selectUpload(db, name, undefined);
  if (!upload) return undefined;
  const expected = Buffer.from(linkSignature(key, name, upload.user_id, link.expires));
  const given = Buffer.from(link.sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? upload : undefined;
}

/**
 * Stores an image under a random name outside the web root, within the user's quota; answers its
 * URL, signed for the owner. (Uploads sent at the same moment may pass the quota by one each: it bounds disk use, not money.)
 */
export async function storeUpload(db: Db, uploadDir: string, key: Buffer, userId: bigint, bytes: Buffer, nowMs: number): Promise<string> {
  const kind = sniffImage(bytes);
  if (!kind) throw new Rejection('upload_type');
  const usage = await selectUploadUsage(db, userId);
  if (usage.count >= limits.uploadsPerUserMax || usage.bytes + bytes.length > limits.uploadBytesPerUserMax) {
    throw new Rejection('upload_quota', { count: limits.uploadsPerUserMax, size: formatBytes(limits.uploadBytesPerUserMax) });
  }
  const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  await fs.mkdir(uploadDir, { recursive: true });
  await fs.writeFile(path.join(uploadDir, name), bytes, { mode: 0o600 });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await insertUpload(db, { userId, name, mime: kind.mime, sizeBytes: bytes.length, createdAtMs: nowMs, sha256 });
  return signedUploadUrl(key, name, userId, nowMs);
}

/** The upload a URL (signed or not, expired or not) or bare name points to, if it belongs to the user. */
export function findOwnUpload(db: Db, userId: bigint, urlOrName: string) {
  const path = urlOrName.split('?')[0]!;
  const name = path.startsWith(UPLOAD_URL_PREFIX) ? path.slice(UPLOAD_URL_PREFIX.length) : path;
  return selectUpload(db, name, userId);
}

/** Any user's upload, for the staff console (staff sessions only reach it). */
/** An upload opened in the console (an identity photo, a deposit's proof): who opened whose is audited. */
export async function findUploadForStaff(db: Db, request: { staffId: bigint; urlOrName: string }, nowMs: number) {
  const { urlOrName } = request;
  const name = urlOrName.startsWith(UPLOAD_URL_PREFIX) ? urlOrName.slice(UPLOAD_URL_PREFIX.length) : urlOrName;
  const upload = await selectUpload(db, name, undefined);
  if (upload) await recordStaffDecision(db, { staffId: request.staffId, action: 'view.upload', subject: `user:${upload.user_id}`, detail: { upload: name } }, nowMs);
  return upload;
}
