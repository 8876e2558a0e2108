CREATE TABLE "royalty_book_line_counts" (
	"company_idx" integer NOT NULL,
	"book_idx" integer NOT NULL,
	"cnt" integer NOT NULL,
	CONSTRAINT "royalty_book_line_counts_pk" PRIMARY KEY("company_idx","book_idx")
);
--> statement-breakpoint
ALTER TABLE "copyright_books" ADD COLUMN "has_royalty_lines" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE FUNCTION royalty_book_line_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH c AS (INSERT INTO royalty_book_line_counts AS s (company_idx, book_idx, cnt)
      SELECT company_idx, book_idx, sum(c)::int FROM (SELECT r.company_idx AS company_idx, r.book_idx AS book_idx, 1 AS c FROM new_rows r) x
      GROUP BY company_idx, book_idx HAVING sum(c) <> 0
      ON CONFLICT (company_idx, book_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt
      RETURNING company_idx, book_idx, s.cnt)
    UPDATE copyright_books p SET has_royalty_lines = c.cnt > 0 FROM c
      WHERE p.company_idx = c.company_idx AND p.idx = c.book_idx AND p.has_royalty_lines IS DISTINCT FROM (c.cnt > 0);
  ELSIF TG_OP = 'DELETE' THEN
    WITH c AS (INSERT INTO royalty_book_line_counts AS s (company_idx, book_idx, cnt)
      SELECT company_idx, book_idx, sum(c)::int FROM (SELECT r.company_idx AS company_idx, r.book_idx AS book_idx, -1 AS c FROM old_rows r) x
      GROUP BY company_idx, book_idx HAVING sum(c) <> 0
      ON CONFLICT (company_idx, book_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt
      RETURNING company_idx, book_idx, s.cnt)
    UPDATE copyright_books p SET has_royalty_lines = c.cnt > 0 FROM c
      WHERE p.company_idx = c.company_idx AND p.idx = c.book_idx AND p.has_royalty_lines IS DISTINCT FROM (c.cnt > 0);
  ELSE
    WITH c AS (INSERT INTO royalty_book_line_counts AS s (company_idx, book_idx, cnt)
      SELECT company_idx, book_idx, sum(c)::int FROM (SELECT r.company_idx AS company_idx, r.book_idx AS book_idx, -1 AS c FROM old_rows r UNION ALL SELECT r.company_idx AS company_idx, r.book_idx AS book_idx, 1 AS c FROM new_rows r) x
      GROUP BY company_idx, book_idx HAVING sum(c) <> 0
      ON CONFLICT (company_idx, book_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt
      RETURNING company_idx, book_idx, s.cnt)
    UPDATE copyright_books p SET has_royalty_lines = c.cnt > 0 FROM c
      WHERE p.company_idx = c.company_idx AND p.idx = c.book_idx AND p.has_royalty_lines IS DISTINCT FROM (c.cnt > 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER royalty_lines_counts_ins AFTER INSERT ON royalty_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_book_line_counts_apply();
--> statement-breakpoint
CREATE TRIGGER royalty_lines_counts_del AFTER DELETE ON royalty_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_book_line_counts_apply();
--> statement-breakpoint
CREATE TRIGGER royalty_lines_counts_upd AFTER UPDATE ON royalty_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_book_line_counts_apply();
--> statement-breakpoint
WITH c AS (INSERT INTO royalty_book_line_counts AS s (company_idx, book_idx, cnt)
      SELECT company_idx, book_idx, sum(c)::int FROM (SELECT r.company_idx AS company_idx, r.book_idx AS book_idx, 1 AS c FROM royalty_lines r) x
      GROUP BY company_idx, book_idx HAVING sum(c) <> 0
      ON CONFLICT (company_idx, book_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt
      RETURNING company_idx, book_idx, s.cnt)
    UPDATE copyright_books p SET has_royalty_lines = c.cnt > 0 FROM c
      WHERE p.company_idx = c.company_idx AND p.idx = c.book_idx AND p.has_royalty_lines IS DISTINCT FROM (c.cnt > 0);
--> statement-breakpoint
CREATE INDEX "copyright_books_company_title_sold" ON "copyright_books" USING btree ("company_idx","title","idx") WHERE "copyright_books"."has_royalty_lines";
