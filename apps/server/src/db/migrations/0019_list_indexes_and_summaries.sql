CREATE TABLE "royalty_line_day_sums" (
	"company_idx" integer NOT NULL,
	"book_idx" integer NOT NULL,
	"invoiced" boolean NOT NULL,
	"currency" char(3) NOT NULL,
	"cnt" integer NOT NULL,
	"qty" bigint NOT NULL,
	"royalty" numeric(20, 2) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "royalty_line_day_sums_pk" PRIMARY KEY("company_idx","day","book_idx","invoiced","currency")
);
--> statement-breakpoint
CREATE TABLE "royalty_line_month_sums" (
	"company_idx" integer NOT NULL,
	"book_idx" integer NOT NULL,
	"invoiced" boolean NOT NULL,
	"currency" char(3) NOT NULL,
	"cnt" integer NOT NULL,
	"qty" bigint NOT NULL,
	"royalty" numeric(20, 2) NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "royalty_line_month_sums_pk" PRIMARY KEY("company_idx","month","book_idx","invoiced","currency")
);
--> statement-breakpoint
DROP INDEX "help_files_customer_type";--> statement-breakpoint
CREATE INDEX "buy_invoices_company_unpaid" ON "buy_invoices" USING btree ("company_idx","idx") WHERE "buy_invoices"."buy_payment_idx" is null;--> statement-breakpoint
CREATE INDEX "copyright_books_company_idx" ON "copyright_books" USING btree ("company_idx","idx");--> statement-breakpoint
CREATE INDEX "company_books_company_created" ON "company_books" USING btree ("company_idx","created_at","idx");--> statement-breakpoint
CREATE INDEX "help_files_customer_type" ON "help_files" USING btree ("customer_type","idx");