-- The lists' "contains" searches on grams of one owner (lib/lists/search.ts): a row's lower-cased
-- 2- and 4-character substrings as numbers that carry its owner (the company, or the board), so that a
-- search reads posting lists of that owner's rows only. They replace migration 0020's pg_trgm indexes
-- of the same columns, whose lists spanned every company (82–131 ms for one match of a company's title
-- among 10M books; 3 s for a writer on a board of 1M posts). A GIN index on text[] needs no extension,
-- so the embedded PGlite gets the same index and plans.
CREATE OR REPLACE FUNCTION list_grams(owner bigint, t text, sizes int[]) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  -- a gram as a number: the owner (mod 2^20) above bit 43; a 2-gram's two code points exactly, a
  -- 4-gram's folded into 41 bits above 2^42. Integer keys compare fast in the GIN build and scan; a
  -- fold that meets another gram only adds a row that ilike then rejects.
  SELECT ARRAY(
    SELECT (owner % 1048576) * 8796093022208 + CASE WHEN n = 2 THEN cp[i] * 2097152 + cp[i + 1]
      ELSE 4398046511104 + ((((cp[i] * 1000003 + cp[i + 1]) % 2199023255552) * 1000003 + cp[i + 2]) % 2199023255552 * 1000003 + cp[i + 3]) % 2199023255552 END
    FROM (SELECT array_agg(ascii(c)::bigint ORDER BY o) AS cp FROM unnest(string_to_array(lower(t), NULL)) WITH ORDINALITY u(c, o)) s,
      unnest(sizes) n, generate_series(1, cardinality(s.cp) - n + 1) i)
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
