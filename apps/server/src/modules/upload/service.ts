import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { UploadTable } from '../../db/schema';
import { Rejection } from '../../rejection';
import { insertUpload, selectUpload } from './queries';

const SIGNATURES: ReadonlyArray<{ mime: UploadTable['mime']; ext: string; magic: number[] }> = [
  { mime: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** JPEG or PNG judged by the bytes, never by the file name or the declared type. */
export function sniffImage(bytes: Buffer): (typeof SIGNATURES)[number] | undefined {
  return SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b));
}

export const UPLOAD_URL_PREFIX = '/api/upload/';

/** Stores an image under a random name outside the web root; answers its URL. */
export async function storeUpload(db: Db, uploadDir: string, userId: bigint, bytes: Buffer, nowMs: number): Promise<string> {
  const kind = sniffImage(bytes);
  if (!kind) throw new Rejection('upload_type');
  const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  await fs.mkdir(uploadDir, { recursive: true });
  await fs.writeFile(path.join(uploadDir, name), bytes, { mode: 0o600 });
  await insertUpload(db, { userId, name, mime: kind.mime, sizeBytes: bytes.length, createdAtMs: nowMs });
  return UPLOAD_URL_PREFIX + name;
}

/** The upload a URL (or bare name) points to, if it belongs to the user. */
export function findOwnUpload(db: Db, userId: bigint, urlOrName: string) {
  const name = urlOrName.startsWith(UPLOAD_URL_PREFIX) ? urlOrName.slice(UPLOAD_URL_PREFIX.length) : urlOrName;
  return selectUpload(db, name, userId);
}

/** Any user's upload, for the staff console (staff sessions only reach it). */
export function findUploadForStaff(db: Db, urlOrName: string) {
  const name = urlOrName.startsWith(UPLOAD_URL_PREFIX) ? urlOrName.slice(UPLOAD_URL_PREFIX.length) : urlOrName;
  return selectUpload(db, name, undefined);
}
