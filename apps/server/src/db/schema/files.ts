import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from './auth';

/**
 * Every stored file (invoice PDFs, payment attachments, help files, …). The bytes live in the file
 * store under `storageKey`, a server-made name; what a client sends (a file name) is only ever
 * looked up here, never joined into a path.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    idx: serial('idx').primaryKey(),
    /** namespace of the spec's uploadPath: 'buy_invoice', 'buy_payment', 'help', … */
    uploadPath: varchar('upload_path', { length: 50 }).notNull(),
    /** owning company; null for files every company may see (help files) */
    companyIdx: integer('company_idx').references(() => companies.idx, { onDelete: 'cascade' }),
    /** the row the file belongs to (invoice idx, payment idx, …), interpreted per uploadPath */
    refIdx: integer('ref_idx'),
    /** name shown and offered for download, without extension */
    name: varchar('name', { length: 200 }).notNull(),
    extension: varchar('extension', { length: 20 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_owner').on(t.uploadPath, t.companyIdx, t.refIdx),
    index('stored_files_name').on(t.uploadPath, t.name, t.extension),
    // one stored PDF per invoice: concurrent first downloads (also from several processes) cannot
    // leave several rows and files; the one whose insert loses uses the winner's row
    uniqueIndex('stored_files_one_invoice_pdf')
      .on(t.companyIdx, t.refIdx)
      .where(sql`${t.uploadPath} = 'buy_invoice'`),
  ],
);

/** PostgreSQL bytea as a Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * The bytes of stored files when FILE_STORE=postgres (lib/file-store.ts): every server process on
 * the database reads the same files. Keyed by the storage key of `stored_files`; a blob is written
 * before its row, so there is no foreign key between them.
 */
export const fileBlobs = pgTable('file_blobs', {
  key: varchar('key', { length: 200 }).primaryKey(),
  bytes: bytea('bytes').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
