import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { fileBlobs } from '../db/schema';
import { notFound } from './errors';

/** Keys are made by the server only: `<namespace>/<uuid>.<ext>` in lower-case letters and digits. */
const KEY = /^[a-z0-9_]{1,50}\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

const checkKey = (key: string) => {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
};

/** Where stored files' bytes live (FILE_STORE): a local directory, the database or an S3 bucket. */
export interface FileStore {
  readonly kind: 'local' | 'postgres' | 's3';
  /** A fresh storage key in a namespace (e.g. 'buy_invoice'); never derived from user input. */
  newKey(namespace: string, extension: string): string;
  /** Stores (or replaces) the bytes under `key`. */
  put(key: string, data: Buffer | Readable): Promise<{ size: number }>;
  /** The whole file, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream with its size, or null when nothing is stored under `key`. */
  stream(key: string): Promise<{ size: number; body: Readable } | null>;
  /** Deletes the file; deleting a missing one is not an error. */
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

export function newStorageKey(namespace: string, extension: string) {
  const ns = namespace
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 50);
  const ext = extension
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 10);
  return `${ns}/${randomUUID()}${ext ? `.${ext}` : ''}`;
}

async function toBuffer(data: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** The local-disk store under DATA_DIR/files: one machine's processes only. */
export function createDiskFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    const full = path.resolve(root, checkKey(key));
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
    kind: 'local',
    newKey: newStorageKey,
    async put(key, data) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      if (Buffer.isBuffer(data)) await writeFile(full, data);
      else await pipeline(data, createWriteStream(full));
      return { size: (await stat(full)).size };
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stream(key) {
      const full = resolve(key);
      try {
        // opened before its size is taken: a file removed in between still streams whole
        const handle = await open(full, 'r');
        const { size } = await handle.stat();
        return { size, body: handle.createReadStream() };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    remove: (key) => rm(resolve(key), { force: true }),
    close: async () => {},
  };
}

/** Files in the database (file_blobs): shared by every process and in its backups; read whole (documents of a few MB). */
export function createDbFileStore(db: DbOrTx): FileStore {
  return {
    kind: 'postgres',
    newKey: newStorageKey,
    async put(key, data) {
      const bytes = await toBuffer(data);
      await db
        .insert(fileBlobs)
        .values({ key: checkKey(key), bytes, size: bytes.length })
        .onConflictDoUpdate({ target: fileBlobs.key, set: { bytes, size: bytes.length, createdAt: sql`now()` } });
      return { size: bytes.length };
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: fileBlobs.bytes })
        .from(fileBlobs)
        .where(eq(fileBlobs.key, checkKey(key)));
      return row ? row.bytes : null;
    },
    async stream(key) {
      const [row] = await db
        .select({ bytes: fileBlobs.bytes })
        .from(fileBlobs)
        .where(eq(fileBlobs.key, checkKey(key)));
      return row ? { size: row.bytes.length, body: Readable.from([row.bytes]) } : null;
    },
    async remove(key) {
      await db.delete(fileBlobs).where(eq(fileBlobs.key, checkKey(key)));
    },
    close: async () => {},
  };
}

/** The store inside an open transaction: database files commit or roll back with the rows naming them. */
export const storeInTransaction = (store: FileStore, tx: DbOrTx): FileStore => (store.kind === 'postgres' ? createDbFileStore(tx) : store);

export interface S3StoreOptions {
  bucket: string;
  /** key prefix inside the bucket ('' or ending in '/') */
  prefix: string;
  /** S3-compatible endpoint (MinIO, R2, …); absent = AWS for the region */
  endpoint?: string;
  region: string;
  /** absent = the SDK's default credential chain (environment, instance role, …) */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path instead of the host name (most self-hosted S3-compatible servers) */
  forcePathStyle: boolean;
}

/** Files in an S3-compatible bucket (@aws-sdk/client-s3, loaded only when FILE_STORE=s3://…). */
export async function createS3FileStore(opts: S3StoreOptions): Promise<FileStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, NoSuchKey } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
  });
  const Bucket = opts.bucket;
  const Key = (key: string) => `${opts.prefix}${checkKey(key)}`;
  const missing = (err: unknown) =>
    err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  const open = async (key: string) => {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
      return { size: Number(res.ContentLength ?? 0), body: res.Body as Readable };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    kind: 's3',
    newKey: newStorageKey,
    async put(key, data) {
      // a single PUT needs the length up front: streams are read into memory first (documents of a few MB)
      const bytes = await toBuffer(data);
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: bytes, ContentLength: bytes.length }));
      return { size: bytes.length };
    },
    async get(key) {
      const found = await open(key);
      return found ? toBuffer(found.body) : null;
    },
    stream: open,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    close: async () => client.destroy(),
  };
}

export type FileStoreConfig = { kind: 'local'; dir: string } | { kind: 'postgres' } | ({ kind: 's3' } & S3StoreOptions);

/** The store FILE_STORE names (config.ts parses it). */
export async function createFileStore(config: FileStoreConfig, db: Db): Promise<FileStore> {
  if (config.kind === 'postgres') return createDbFileStore(db);
  if (config.kind === 's3') return createS3FileStore(config);
  return createDiskFileStore(config.dir);
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
  const found = await store.stream(file.storageKey);
  if (!found) {
    // a row whose bytes are gone from the store (lost volume, half-done cleanup): the file does not exist
    reply.log.error({ storageKey: file.storageKey }, 'stored file missing');
    throw notFound('File not found');
  }
  const downloadName = file.extension ? `${file.name}.${file.extension}` : file.name;
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(found.size))
    .header('content-disposition', contentDisposition(downloadName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(found.body);
}
