/** The SQL of the help domain's import kinds (help.imports.ts): notices, FAQ entries and help files. */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bbsPosts, companyDivisions, faqEntries, helpFiles, storedFiles } from '../../db/schema';

export { insertTopLevelPosts } from '../../db/help-threads';

export async function divisionCodes(db: DbOrTx) {
  return (await db.select({ c: companyDivisions.code }).from(companyDivisions).orderBy(asc(companyDivisions.code))).map((r) => r.c);
}

/** The imported posts of a board with these refs. */
export function postsByRef(db: DbOrTx, boardIdx: number, refs: string[]) {
  return db
    .select({
      idx: bbsPosts.idx,
      importRef: bbsPosts.importRef,
      title: bbsPosts.title,
      content: bbsPosts.content,
      name: bbsPosts.name,
      companyDivision: bbsPosts.companyDivision,
      createdAt: bbsPosts.createdAt,
    })
    .from(bbsPosts)
    .where(and(eq(bbsPosts.boardIdx, boardIdx), isNotNull(bbsPosts.importRef), inArray(bbsPosts.importRef, refs)));
}

/** Changes an imported top-level post; it is its thread's first post, so the thread's title follows. */
export async function updateImportedPost(
  db: DbOrTx,
  idx: number,
  values: { title: string; content: string; name: string; companyDivision: string[]; createdAt?: Date; updatedAt: Date },
) {
  await db.update(bbsPosts).set(values).where(eq(bbsPosts.idx, idx));
  await db.update(bbsPosts).set({ rootTitle: values.title }).where(eq(bbsPosts.rootIdx, idx));
}

/** The FAQ entries of these languages with these refs (the caller matches the tab). */
export function faqByRef(db: DbOrTx, languages: string[], refs: string[]) {
  return db
    .select()
    .from(faqEntries)
    .where(and(inArray(faqEntries.language, languages), inArray(faqEntries.ref, refs)));
}

export async function insertFaqEntries(db: DbOrTx, rows: (typeof faqEntries.$inferInsert)[]) {
  if (rows.length) await db.insert(faqEntries).values(rows);
}

export async function updateFaqEntry(
  db: DbOrTx,
  idx: number,
  values: { position: number; question: string; answer: string; updatedAt: Date },
) {
  await db.update(faqEntries).set(values).where(eq(faqEntries.idx, idx));
}

/** The help files of these customer types with these shown names (the caller matches the type). */
export function helpFilesByName(db: DbOrTx, customerTypes: string[], names: string[]) {
  return db
    .select({
      idx: helpFiles.idx,
      customerType: helpFiles.customerType,
      sha256: helpFiles.sha256,
      storedFileIdx: storedFiles.idx,
      name: storedFiles.name,
      extension: storedFiles.extension,
      size: storedFiles.size,
      storageKey: storedFiles.storageKey,
    })
    .from(helpFiles)
    .innerJoin(storedFiles, eq(storedFiles.idx, helpFiles.storedFileIdx))
    .where(and(eq(storedFiles.uploadPath, 'help'), inArray(helpFiles.customerType, customerTypes), inArray(storedFiles.name, names)))
    .orderBy(asc(helpFiles.idx));
}

/** Points a help file at new bytes (the caller deletes the old ones once this is committed). */
export async function replaceHelpFile(
  db: DbOrTx,
  f: { idx: number; storedFileIdx: number; extension: string; size: number; mime: string; storageKey: string; sha256: string; at: Date },
) {
  await db
    .update(storedFiles)
    .set({ extension: f.extension, size: f.size, mime: f.mime, storageKey: f.storageKey, createdAt: f.at })
    .where(eq(storedFiles.idx, f.storedFileIdx));
  await db.update(helpFiles).set({ sha256: f.sha256 }).where(eq(helpFiles.idx, f.idx));
}

/** Records the hash of a file that was stored before hashes were kept. */
export async function setHelpFileHash(db: DbOrTx, idx: number, sha256: string) {
  await db.update(helpFiles).set({ sha256 }).where(eq(helpFiles.idx, idx));
}
