-- The board list's keys (idx, thread order) and its division filter read from the index alone: a
-- division's page 100 among other divisions' posts passed 5,000 index entries and fetched each heap
-- row to test company_division (22.7 ms); with idx and company_division included it is an index-only
-- scan (0.75 ms). drizzle's index builder has no INCLUDE: the schema declares the same key columns.
DROP INDEX IF EXISTS "bbs_posts_board_thread_order";
--> statement-breakpoint
CREATE INDEX "bbs_posts_board_thread_order" ON "bbs_posts" USING btree ("board_idx","root_title","root_idx","thread_path") INCLUDE ("idx","company_division");
