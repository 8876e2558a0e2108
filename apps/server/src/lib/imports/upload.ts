import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';

/** The default largest import upload (IMPORT_MAX_BYTES): a million royalty lines as CSV are about 100 MB. */
export const DEFAULT_IMPORT_MAX_BYTES = 128 * 1024 * 1024;

export const uploadTooLarge = (maxBytes: number) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB.`);

/**
 * Receives an upload whole into a temporary folder before any import starts (a slow client holds no transaction);
 * over `maxBytes`: 413, its bytes deleted. The caller removes the folder.
 */
export async function receiveUpload(file: Readable & { truncated?: boolean }, maxBytes: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-import-'));
  const target = path.join(dir, 'upload');
  try {
    await pipeline(file, createWriteStream(target, { mode: 0o600 }));
    if (file.truncated) throw uploadTooLarge(maxBytes);
    return target;
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    // @fastify/multipart's own error for a part over its limit (FST_REQ_FILE_TOO_LARGE)
    if ((e as { statusCode?: unknown }).statusCode === 413) throw uploadTooLarge(maxBytes);
    throw e;
  }
}
