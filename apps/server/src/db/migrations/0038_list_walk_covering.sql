-- A text search's walk (lib/lists/index.ts walkPage) reads a list's first rows in the list's own order
-- and tests each against the keyword. These indexes of the lists' orders carry the searched columns
-- (INCLUDE), so the walk is an index-only scan over the owner's contiguous index range: without them each
-- of the 2,000 rows read was a heap fetch, and a company whose rows are spread thinly among others'
-- (one row per heap page) paid a page per row. Same names and keys as before (db/schema declares the
-- keys; drizzle-orm 0.45 cannot declare INCLUDE columns). An index that already includes the title (built
-- beforehand, e.g. CONCURRENTLY on a large table) is left as it is.
DO $$
BEGIN
  IF pg_get_indexdef('copyright_books_company_idx'::regclass) NOT LIKE '%INCLUDE (%title%' THEN
    DROP INDEX copyright_books_company_idx;
    CREATE INDEX copyright_books_company_idx ON copyright_books (company_idx, idx) INCLUDE (title, isbn);
  END IF;
  IF pg_get_indexdef('company_books_company_created'::regclass) NOT LIKE '%INCLUDE (%title%' THEN
    DROP INDEX company_books_company_created;
    CREATE INDEX company_books_company_created ON company_books (company_idx, created_at, idx) INCLUDE (title, isbn13);
  END IF;
  IF pg_get_indexdef('bbs_posts_board_thread_order'::regclass) NOT LIKE '%INCLUDE (%title%' THEN
    DROP INDEX bbs_posts_board_thread_order;
    CREATE INDEX bbs_posts_board_thread_order ON bbs_posts (board_idx, root_title, root_idx, thread_path) INCLUDE (idx, company_division, title, name);
  END IF;
END
$$;
