-- The lists' "contains" searches on grams of one owner (lib/lists/search.ts): a row's lower-cased
-- 2- and 4-character substrings, each prefixed with its owner (the company, or the board), so that a
-- search reads posting lists of that owner's rows only. They replace migration 0020's pg_trgm indexes
-- of the same columns, whose lists spanned every company (82–131 ms for one match of a company's title
-- among 10M books; 3 s for a writer on a board of 1M posts). A GIN index on text[] needs no extension,
-- so the embedded PGlite gets the same index and plans.
CREATE OR REPLACE FUNCTION list_grams(owner bigint, t text, sizes int[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT ARRAY(SELECT owner::text || ':' || substr(l, i, n) FROM lower(t) l, unnest(sizes) n, generate_series(1, length(l) - n + 1) i)
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS copyright_books_company_title_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS company_books_company_title_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS bbs_posts_board_title_trgm;
--> statement-breakpoint
DROP INDEX IF EXISTS bbs_posts_board_name_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS copyright_books_title_grams ON copyright_books USING gin (list_grams(company_idx, title, '{2,4}'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS company_books_title_grams ON company_books USING gin (list_grams(company_idx, title, '{2,4}'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS bbs_posts_text_grams ON bbs_posts USING gin (list_grams(board_idx, title || E'\n' || name, '{2,4}'));
