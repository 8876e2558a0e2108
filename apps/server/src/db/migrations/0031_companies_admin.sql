CREATE TABLE "import_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"actor_kind" varchar(10) NOT NULL,
	"actor" varchar(100) NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"dry_run" boolean NOT NULL,
	"committed" boolean NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"report" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "company_credentials" ADD COLUMN "must_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "import_runs_at" ON "import_runs" USING btree ("at");