import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { notFound } from './errors';

/** Keys are made by the server only: `<namespace>/<uuid>.<ext>` in lower-case letters and digits. */
const KEY = /^[a-z0-9_]{1,50}\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

export interface FileStore {
  /** A fresh storage key in a namespace (e.g. 'buy_invoice'); never derived from user input. */
  newKey(namespace: string, extension: string): string;
  put(key: string, data: Buffer | Readable): Promise<{ size: number }>;
  read(key: string): Readable;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

/** The local-disk store under DATA_DIR/files (an S3-compatible one can implement the same interface). */
export function createDiskFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
    newKey(namespace, extension) {
      const ns = namespace.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 50);
      const ext = extension.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10);
      return `${ns}/${randomUUID()}${ext ? `.${ext}` : ''}`;
    },
    async put(key, data) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      if (Buffer.isBuffer(data)) await writeFile(full, data);
      else await pipeline(data, createWriteStream(full));
      return { size: (await stat(full)).size };
    },
    read: (key) => createReadStream(resolve(key)),
    size: async (key) => (await stat(resolve(key))).size,
    remove: (key) => rm(resolve(key), { force: true }),
  };
}

/** RFC 6266 / RFC 5987 Content-Disposition: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment') {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Streams a stored file as a download. */
export async function sendFile(
  reply: FastifyReply,
  store: FileStore,
  file: { storageKey: string; name: string; extension: string; mime: string },
) {
  let size: number;
  try {
    size = await store.size(file.storageKey);
  } catch (err) {
    // a row whose bytes are gone from the store (lost volume, half-done cleanup): the file does not exist
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    reply.log.error({ storageKey: file.storageKey }, 'stored file missing');
    throw notFound('File not found');
  }
  const downloadName = file.extension ? `${file.name}.${file.extension}` : file.name;
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(size))
    .header('content-disposition', contentDisposition(downloadName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(store.read(file.storageKey));
}
