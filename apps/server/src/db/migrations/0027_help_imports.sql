CREATE TABLE "faq_entries" (
	"idx" serial PRIMARY KEY NOT NULL,
	"tab" varchar(20) NOT NULL,
	"language" varchar(5) NOT NULL,
	"ref" varchar(60) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"question" varchar(500) NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bbs_posts" ADD COLUMN "import_ref" varchar(60);--> statement-breakpoint
ALTER TABLE "help_files" ADD COLUMN "sha256" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "faq_entries_key" ON "faq_entries" USING btree ("tab","language","ref");--> statement-breakpoint
CREATE INDEX "faq_entries_page" ON "faq_entries" USING btree ("language","tab","position","ref");--> statement-breakpoint
CREATE UNIQUE INDEX "bbs_posts_board_import_ref" ON "bbs_posts" USING btree ("board_idx","import_ref") WHERE "bbs_posts"."import_ref" is not null;