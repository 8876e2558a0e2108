-- Issue 57: the royalty list's default order (books by title and number, each book's lines by idx) walked the company's
-- books in title order and probed each one's lines, so a page read every book without sales before it: 111,002 probes,
-- 333,685 buffers for the first page of a 1M-line company whose first sold title comes a tenth into its 1M books, against
-- 3,537 at 10k. Each line now carries its book's title (book_title) and the order is one walk of royalty_lines_company_title,
-- an index led by the company in the list's order. The backfill changes no sum, count or announced list, so the
-- statement-level triggers of royalty_lines (summaries, announce) are not run for it (as migration 0059's royalty).
ALTER TABLE "royalty_lines" ADD COLUMN "book_title" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "royalty_lines" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "royalty_lines" r SET "book_title" = b.title FROM "copyright_books" b WHERE b.idx = r.book_idx;--> statement-breakpoint
ALTER TABLE "royalty_lines" ENABLE TRIGGER USER;--> statement-breakpoint
-- Every writer of lines (the imports, the seeds, the benches' SQL, the tests' drizzle inserts) gets the title from the book
-- in a row trigger: one primary-key probe of copyright_books per line written, where each writer would otherwise repeat it.
CREATE FUNCTION royalty_lines_book_title_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.book_title := coalesce((SELECT b.title FROM copyright_books b WHERE b.idx = NEW.book_idx), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER royalty_lines_book_title_ins BEFORE INSERT ON royalty_lines
  FOR EACH ROW EXECUTE FUNCTION royalty_lines_book_title_set();--> statement-breakpoint
CREATE TRIGGER royalty_lines_book_title_upd BEFORE UPDATE OF book_idx, book_title ON royalty_lines
  FOR EACH ROW EXECUTE FUNCTION royalty_lines_book_title_set();--> statement-breakpoint
-- A change of books' titles rewrites their lines' book_title in the same statement, whatever writes it (as the rate's
-- trigger of migration 0059 re-measures their royalty); the row trigger above then reads the book's new title.
CREATE FUNCTION royalty_lines_title_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE royalty_lines r SET book_title = n.title
    FROM old_rows o JOIN new_rows n ON n.idx = o.idx
    WHERE o.title IS DISTINCT FROM n.title AND r.book_idx = n.idx AND r.book_title IS DISTINCT FROM n.title;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER copyright_books_royalty_title_upd AFTER UPDATE ON copyright_books
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_lines_title_apply();--> statement-breakpoint
-- The totals of an ISBN search read the summary rows of the matching books (royaltyTotals): by the summaries' keys
-- (company, month or day, book, …) they scanned every row of the company (3,382 blocks, 360,000 month rows at 1M), by
-- these one range per book, index-only (the sums carried, as migration 0041's keys).
CREATE INDEX "royalty_line_day_sums_book" ON "royalty_line_day_sums" USING btree ("company_idx","book_idx","day","invoiced","currency") INCLUDE ("cnt","qty","royalty");--> statement-breakpoint
CREATE INDEX "royalty_line_month_sums_book" ON "royalty_line_month_sums" USING btree ("company_idx","book_idx","month","invoiced","currency") INCLUDE ("cnt","qty","royalty");--> statement-breakpoint
CREATE INDEX "royalty_lines_company_title" ON "royalty_lines" USING btree ("company_idx","book_title","book_idx","idx");
