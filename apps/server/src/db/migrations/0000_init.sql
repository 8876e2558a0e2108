CREATE TABLE "companies" (
	"idx" serial PRIMARY KEY NOT NULL,
	"id" varchar(100) NOT NULL,
	"company_name" varchar(200) NOT NULL,
	"first_name" varchar(100) DEFAULT '' NOT NULL,
	"last_name" varchar(100) DEFAULT '' NOT NULL,
	"registration_number" varchar(50) DEFAULT '' NOT NULL,
	"site_url" varchar(300) DEFAULT '' NOT NULL,
	"country" char(3) NOT NULL,
	"zipcode" varchar(20) DEFAULT '' NOT NULL,
	"address_line1" varchar(45) DEFAULT '' NOT NULL,
	"address_line2" varchar(45) DEFAULT '' NOT NULL,
	"city" varchar(100) DEFAULT '' NOT NULL,
	"state" varchar(100) DEFAULT '' NOT NULL,
	"business_conditions" varchar(200) DEFAULT '' NOT NULL,
	"item" varchar(200) DEFAULT '' NOT NULL,
	"telephone" varchar(50) DEFAULT '' NOT NULL,
	"fax" varchar(50) DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"email_invoice" text DEFAULT '' NOT NULL,
	"code_company_division" varchar(10) NOT NULL,
	"buy_rights" char(1) DEFAULT 'N' NOT NULL,
	"sale_rights" char(1) DEFAULT 'N' NOT NULL,
	"sale_info_display" char(1) DEFAULT 'N' NOT NULL,
	"buy_on_credit" char(1) DEFAULT 'N' NOT NULL,
	"buy_consignment" char(1) DEFAULT 'N' NOT NULL,
	"buy_prepayment" char(1) DEFAULT 'N' NOT NULL,
	"sale_on_credit" char(1) DEFAULT 'N' NOT NULL,
	"sale_consignment" char(1) DEFAULT 'N' NOT NULL,
	"sale_prepayment" char(1) DEFAULT 'N' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "company_credentials" (
	"company_idx" integer PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" varchar(100) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" uuid PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bisg_codes" (
	"node_id" varchar(20) PRIMARY KEY NOT NULL,
	"node_name" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_divisions" (
	"idx" serial PRIMARY KEY NOT NULL,
	"code" varchar(10) NOT NULL,
	"name" varchar(100) NOT NULL,
	CONSTRAINT "company_divisions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"idx" serial PRIMARY KEY NOT NULL,
	"code_2" char(2) NOT NULL,
	"code_3" char(3) NOT NULL,
	"full_name" varchar(100) NOT NULL,
	CONSTRAINT "countries_code_2_unique" UNIQUE("code_2"),
	CONSTRAINT "countries_code_3_unique" UNIQUE("code_3")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"idx" serial PRIMARY KEY NOT NULL,
	"name" char(3) NOT NULL,
	"icon" varchar(8) NOT NULL,
	CONSTRAINT "currencies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "company_credentials" ADD CONSTRAINT "company_credentials_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_account_at" ON "login_failures" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_at" ON "login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "sessions_company_idx" ON "sessions" USING btree ("company_idx");