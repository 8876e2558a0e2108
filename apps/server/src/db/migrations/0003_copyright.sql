CREATE TABLE "copyright_books" (
	"idx" serial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"img_url" varchar(500) DEFAULT '' NOT NULL,
	"title" varchar(300) NOT NULL,
	"isbn" varchar(13) NOT NULL,
	"publication_date" date NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"list_price" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"pay_type" varchar(4) NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copyright_data_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_customers" (
	"idx" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"country" char(3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_lines" (
	"idx" bigserial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"book_idx" integer NOT NULL,
	"customer_idx" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"qty" integer NOT NULL,
	"sample_qty" integer DEFAULT 0 NOT NULL,
	"disuse_qty" integer DEFAULT 0 NOT NULL,
	"sale_info" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"buy_invoice_idx" integer
);
--> statement-breakpoint
ALTER TABLE "copyright_books" ADD CONSTRAINT "copyright_books_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lines" ADD CONSTRAINT "royalty_lines_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lines" ADD CONSTRAINT "royalty_lines_book_idx_copyright_books_idx_fk" FOREIGN KEY ("book_idx") REFERENCES "public"."copyright_books"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lines" ADD CONSTRAINT "royalty_lines_customer_idx_royalty_customers_idx_fk" FOREIGN KEY ("customer_idx") REFERENCES "public"."royalty_customers"("idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "copyright_books_company_isbn" ON "copyright_books" USING btree ("company_idx","isbn");--> statement-breakpoint
CREATE INDEX "copyright_books_company_title" ON "copyright_books" USING btree ("company_idx","title","idx");--> statement-breakpoint
CREATE INDEX "copyright_books_company_pubdate" ON "copyright_books" USING btree ("company_idx","publication_date");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_customers_name" ON "royalty_customers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "royalty_lines_book_idx" ON "royalty_lines" USING btree ("book_idx","idx");--> statement-breakpoint
CREATE INDEX "royalty_lines_book_customer" ON "royalty_lines" USING btree ("book_idx","customer_idx","idx");--> statement-breakpoint
CREATE INDEX "royalty_lines_book_uncalculated" ON "royalty_lines" USING btree ("book_idx","idx") WHERE "royalty_lines"."buy_invoice_idx" is null;--> statement-breakpoint
CREATE INDEX "royalty_lines_company_created" ON "royalty_lines" USING btree ("company_idx","created_at");--> statement-breakpoint
CREATE INDEX "royalty_lines_company_customer" ON "royalty_lines" USING btree ("company_idx","customer_idx","created_at");--> statement-breakpoint
CREATE INDEX "royalty_lines_company_invoice" ON "royalty_lines" USING btree ("company_idx","buy_invoice_idx");--> statement-breakpoint
INSERT INTO "copyright_data_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION copyright_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE copyright_data_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER copyright_books_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "copyright_books" FOR EACH STATEMENT EXECUTE FUNCTION copyright_bump_version();--> statement-breakpoint
CREATE TRIGGER royalty_lines_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "royalty_lines" FOR EACH STATEMENT EXECUTE FUNCTION copyright_bump_version();--> statement-breakpoint
CREATE TRIGGER royalty_customers_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "royalty_customers" FOR EACH STATEMENT EXECUTE FUNCTION copyright_bump_version();
