-- One invalidation mechanism for in-memory caches: the change feed (0010, topic 'copyright' on the
-- same three tables). The version row its own triggers bumped on every write is no longer read.
DROP TRIGGER IF EXISTS copyright_books_version ON copyright_books;--> statement-breakpoint
DROP TRIGGER IF EXISTS royalty_lines_version ON royalty_lines;--> statement-breakpoint
DROP TRIGGER IF EXISTS royalty_customers_version ON royalty_customers;--> statement-breakpoint
DROP FUNCTION IF EXISTS copyright_bump_version();--> statement-breakpoint
DROP TABLE "copyright_data_version" CASCADE;
