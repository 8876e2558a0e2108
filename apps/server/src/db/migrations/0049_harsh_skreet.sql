ALTER TABLE "sessions" ALTER COLUMN "company_idx" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "operator_idx" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_operator_idx_operators_idx_fk" FOREIGN KEY ("operator_idx") REFERENCES "public"."operators"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_operator_idx" ON "sessions" USING btree ("operator_idx");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_one_owner" CHECK (num_nonnulls("sessions"."company_idx", "sessions"."operator_idx") = 1);