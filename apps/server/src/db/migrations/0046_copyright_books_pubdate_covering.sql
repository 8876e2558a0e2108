-- A copyright books page of a publication range with few matches (at most 2,000: lib/lists listPage fewFirst) reads
-- them by this index and sorts them by number. Without the number in the index each match was a heap fetch, or the
-- planner walked the company's whole number order instead: for the 10k company beside a 1M one (its books one per
-- heap page among 10M) its 932 books of a recent range took 10,000 index entries, against 14 heap pages for the same
-- company alone. Carrying the number and the pay type (INCLUDE) makes the read index-only, the range's entries only,
-- wherever the company's books lie. drizzle-orm cannot declare INCLUDE: the schema keeps the key columns (schema/copyright.ts).
DROP INDEX IF EXISTS "copyright_books_company_pubdate";
--> statement-breakpoint
CREATE INDEX "copyright_books_company_pubdate" ON "copyright_books" USING btree ("company_idx","publication_date") INCLUDE ("idx","pay_type");
