ALTER TABLE "bbs_posts" ADD COLUMN "root_title" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "bbs_posts_board_thread_order" ON "bbs_posts" USING btree ("board_idx","root_title","root_idx","thread_path");--> statement-breakpoint
UPDATE "bbs_posts" AS p SET "root_title" = r."title" FROM "bbs_posts" AS r WHERE r."idx" = COALESCE(p."root_idx", p."idx");
