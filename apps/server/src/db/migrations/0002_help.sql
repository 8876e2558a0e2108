CREATE TABLE "bbs_boards" (
	"idx" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"writable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bbs_boards_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "bbs_comments" (
	"idx" serial PRIMARY KEY NOT NULL,
	"bbs_idx" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"registrant_idx" integer NOT NULL,
	"registrant_type" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bbs_posts" (
	"idx" serial PRIMARY KEY NOT NULL,
	"board_idx" integer NOT NULL,
	"parent_idx" integer,
	"root_idx" integer,
	"thread_path" varchar(400) DEFAULT '' NOT NULL,
	"re_level" integer DEFAULT 0 NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"name" varchar(200) NOT NULL,
	"registrant_idx" integer NOT NULL,
	"registrant_type" varchar(20) NOT NULL,
	"company_division" varchar(10)[] NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_files" (
	"idx" serial PRIMARY KEY NOT NULL,
	"customer_type" varchar(20) NOT NULL,
	"stored_file_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_files_stored_file_idx_unique" UNIQUE("stored_file_idx")
);
--> statement-breakpoint
ALTER TABLE "bbs_comments" ADD CONSTRAINT "bbs_comments_bbs_idx_bbs_posts_idx_fk" FOREIGN KEY ("bbs_idx") REFERENCES "public"."bbs_posts"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bbs_posts" ADD CONSTRAINT "bbs_posts_board_idx_bbs_boards_idx_fk" FOREIGN KEY ("board_idx") REFERENCES "public"."bbs_boards"("idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bbs_posts" ADD CONSTRAINT "bbs_posts_parent_idx_bbs_posts_idx_fk" FOREIGN KEY ("parent_idx") REFERENCES "public"."bbs_posts"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_files" ADD CONSTRAINT "help_files_stored_file_idx_stored_files_idx_fk" FOREIGN KEY ("stored_file_idx") REFERENCES "public"."stored_files"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bbs_comments_post" ON "bbs_comments" USING btree ("bbs_idx","created_at");--> statement-breakpoint
CREATE INDEX "bbs_posts_board_title" ON "bbs_posts" USING btree ("board_idx","title");--> statement-breakpoint
CREATE INDEX "bbs_posts_root" ON "bbs_posts" USING btree ("root_idx","thread_path");--> statement-breakpoint
CREATE INDEX "bbs_posts_parent" ON "bbs_posts" USING btree ("parent_idx");--> statement-breakpoint
CREATE INDEX "help_files_customer_type" ON "help_files" USING btree ("customer_type");--> statement-breakpoint
INSERT INTO "bbs_boards" ("name", "writable") VALUES ('notice', false), ('qna', true) ON CONFLICT ("name") DO NOTHING;
