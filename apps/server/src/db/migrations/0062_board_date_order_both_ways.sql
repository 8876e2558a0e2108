DROP INDEX "bbs_posts_board_latest";--> statement-breakpoint
CREATE INDEX "bbs_posts_board_latest" ON "bbs_posts" USING btree ("board_idx","created_at","idx");