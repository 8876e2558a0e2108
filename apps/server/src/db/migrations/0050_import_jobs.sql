ALTER TABLE "import_runs" ADD COLUMN "status" varchar(10) DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "phase" varchar(12) DEFAULT 'finished' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "rows_read" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "rows_written" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "finished_at" timestamp with time zone;