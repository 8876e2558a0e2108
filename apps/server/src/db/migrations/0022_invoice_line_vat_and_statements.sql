CREATE TABLE "royalty_statements" (
	"idx" serial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"currency" char(3) NOT NULL,
	"version" integer NOT NULL,
	"number" varchar(40) NOT NULL,
	"lang" varchar(2) NOT NULL,
	"line_count" integer NOT NULL,
	"qty" bigint NOT NULL,
	"sample_qty" bigint NOT NULL,
	"disuse_qty" bigint NOT NULL,
	"opening_balance" numeric(20, 2) NOT NULL,
	"royalty" numeric(20, 2) NOT NULL,
	"settled" numeric(20, 2) NOT NULL,
	"closing_balance" numeric(20, 2) NOT NULL,
	"digest" varchar(64) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"size" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_statements_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ADD COLUMN "supply_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ADD COLUMN "vat_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ADD COLUMN "vat_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "royalty_statements" ADD CONSTRAINT "royalty_statements_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_statements_version" ON "royalty_statements" USING btree ("company_idx","period","currency","version");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_statements_number" ON "royalty_statements" USING btree ("number");--> statement-breakpoint
CREATE INDEX "royalty_statements_company_period" ON "royalty_statements" USING btree ("company_idx","period_start" DESC NULLS LAST,"idx" DESC NULLS LAST);