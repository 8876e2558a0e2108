CREATE TABLE "buy_payment_day_sums" (
	"company_idx" integer NOT NULL,
	"currency_idx" integer NOT NULL,
	"cnt" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "buy_payment_day_sums_pk" PRIMARY KEY("company_idx","day","currency_idx")
);
--> statement-breakpoint
CREATE TABLE "buy_payment_month_sums" (
	"company_idx" integer NOT NULL,
	"currency_idx" integer NOT NULL,
	"cnt" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "buy_payment_month_sums_pk" PRIMARY KEY("company_idx","month","currency_idx")
);
--> statement-breakpoint
CREATE TABLE "company_book_day_sums" (
	"company_idx" integer NOT NULL,
	"day" date NOT NULL,
	"cnt" integer NOT NULL,
	CONSTRAINT "company_book_day_sums_pk" PRIMARY KEY("company_idx","day")
);
--> statement-breakpoint
CREATE TABLE "company_book_month_sums" (
	"company_idx" integer NOT NULL,
	"month" date NOT NULL,
	"cnt" integer NOT NULL,
	CONSTRAINT "company_book_month_sums_pk" PRIMARY KEY("company_idx","month")
);
--> statement-breakpoint
DROP TABLE "buy_invoice_day_counts" CASCADE;--> statement-breakpoint
DROP TABLE "buy_invoice_month_counts" CASCADE;