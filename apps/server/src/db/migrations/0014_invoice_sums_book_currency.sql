CREATE TABLE "buy_invoice_day_sums" (
	"company_idx" integer NOT NULL,
	"day" date NOT NULL,
	"item" varchar(20) NOT NULL,
	"currency_idx" integer NOT NULL,
	"cnt" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "buy_invoice_day_sums_company_idx_day_item_currency_idx_pk" PRIMARY KEY("company_idx","day","item","currency_idx")
);
--> statement-breakpoint
CREATE TABLE "buy_invoice_month_sums" (
	"company_idx" integer NOT NULL,
	"month" date NOT NULL,
	"item" varchar(20) NOT NULL,
	"currency_idx" integer NOT NULL,
	"cnt" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "buy_invoice_month_sums_company_idx_month_item_currency_idx_pk" PRIMARY KEY("company_idx","month","item","currency_idx")
);
--> statement-breakpoint
ALTER TABLE "company_books" ADD COLUMN "currency" char(3) DEFAULT 'KRW' NOT NULL;