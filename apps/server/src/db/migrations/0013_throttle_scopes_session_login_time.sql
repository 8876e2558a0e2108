DROP INDEX "login_failures_account_at";--> statement-breakpoint
DROP INDEX "login_failures_ip_at";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "scope" varchar(16) DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "logged_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_scope_ip_at" ON "login_failures" USING btree ("scope","ip","at");--> statement-breakpoint
CREATE INDEX "login_failures_scope_account_at" ON "login_failures" USING btree ("scope","account","at");--> statement-breakpoint
CREATE INDEX "login_failures_at" ON "login_failures" USING btree ("at");--> statement-breakpoint
-- sessions that existed before: their login time is when they were created
UPDATE "sessions" SET "logged_in_at" = "created_at";