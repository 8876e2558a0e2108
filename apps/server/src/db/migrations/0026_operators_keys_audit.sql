CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_kind" varchar(10) NOT NULL,
	"actor" varchar(100) NOT NULL,
	"action" varchar(50) NOT NULL,
	"target" varchar(200) DEFAULT '' NOT NULL,
	"counts" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_keys" (
	"idx" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"scope" varchar(20) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "operator_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"idx" serial PRIMARY KEY NOT NULL,
	"login_id" varchar(100) NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_login_id_unique" UNIQUE("login_id")
);
--> statement-breakpoint
ALTER TABLE "operator_keys" ADD CONSTRAINT "operator_keys_created_by_operators_idx_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("idx") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operator_keys_created_at" ON "operator_keys" USING btree ("created_at");