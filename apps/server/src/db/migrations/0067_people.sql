CREATE TABLE "company_invitations" (
	"idx" serial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"email" varchar(320) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"role" varchar(16) NOT NULL,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_role" CHECK ("company_invitations"."role" in ('owner', 'accounting', 'editorial', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_idx" integer,
	"operator_idx" integer,
	"code_hash" varchar(64) NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_codes_one_owner" CHECK (num_nonnulls("recovery_codes"."user_idx", "recovery_codes"."operator_idx") = 1)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "require_2fa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "company_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "company_idx" integer;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_company_users_idx_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."company_users"("idx") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_user_company_users_idx_fk" FOREIGN KEY ("accepted_user") REFERENCES "public"."company_users"("idx") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_idx_company_users_idx_fk" FOREIGN KEY ("user_idx") REFERENCES "public"."company_users"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_operator_idx_operators_idx_fk" FOREIGN KEY ("operator_idx") REFERENCES "public"."operators"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_invitations_company" ON "company_invitations" USING btree ("company_idx","idx");--> statement-breakpoint
CREATE INDEX "recovery_codes_user" ON "recovery_codes" USING btree ("user_idx");--> statement-breakpoint
CREATE INDEX "recovery_codes_operator" ON "recovery_codes" USING btree ("operator_idx");--> statement-breakpoint
CREATE INDEX "audit_log_company_at" ON "audit_log" USING btree ("company_idx","at");