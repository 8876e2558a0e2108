CREATE TABLE "buy_invoice_day_counts" (
	"company_idx" integer NOT NULL,
	"day" date NOT NULL,
	"item" varchar(20) NOT NULL,
	"cnt" integer NOT NULL,
	CONSTRAINT "buy_invoice_day_counts_company_idx_day_item_pk" PRIMARY KEY("company_idx","day","item")
);
--> statement-breakpoint
CREATE TABLE "buy_invoice_lines" (
	"idx" serial PRIMARY KEY NOT NULL,
	"buy_invoice_idx" integer NOT NULL,
	"line_no" integer NOT NULL,
	"description" varchar(300) NOT NULL,
	"qty" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buy_invoice_month_counts" (
	"company_idx" integer NOT NULL,
	"month" date NOT NULL,
	"item" varchar(20) NOT NULL,
	"cnt" integer NOT NULL,
	CONSTRAINT "buy_invoice_month_counts_company_idx_month_item_pk" PRIMARY KEY("company_idx","month","item")
);
--> statement-breakpoint
CREATE TABLE "buy_invoices" (
	"idx" serial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"title" varchar(200) NOT NULL,
	"issuer" char(3) NOT NULL,
	"state" char(1) DEFAULT 'P' NOT NULL,
	"item" varchar(20) NOT NULL,
	"currency_idx" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_day" date NOT NULL,
	"due_date" date NOT NULL,
	"buy_payment_idx" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buy_payment_invoices" (
	"buy_payment_idx" integer NOT NULL,
	"buy_invoice_idx" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "buy_payment_invoices_buy_payment_idx_buy_invoice_idx_pk" PRIMARY KEY("buy_payment_idx","buy_invoice_idx")
);
--> statement-breakpoint
CREATE TABLE "buy_payments" (
	"idx" serial PRIMARY KEY NOT NULL,
	"company_idx" integer NOT NULL,
	"d_name" varchar(100) NOT NULL,
	"d_date" date NOT NULL,
	"currency_idx" integer NOT NULL,
	"d_payment" numeric(14, 2) NOT NULL,
	"d_type" varchar(20) NOT NULL,
	"d_type_info" varchar(200) DEFAULT '' NOT NULL,
	"d_comment" text DEFAULT '' NOT NULL,
	"employee_name" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ADD CONSTRAINT "buy_invoice_lines_buy_invoice_idx_buy_invoices_idx_fk" FOREIGN KEY ("buy_invoice_idx") REFERENCES "public"."buy_invoices"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_invoices" ADD CONSTRAINT "buy_invoices_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_invoices" ADD CONSTRAINT "buy_invoices_currency_idx_currencies_idx_fk" FOREIGN KEY ("currency_idx") REFERENCES "public"."currencies"("idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_invoices" ADD CONSTRAINT "buy_invoices_buy_payment_idx_buy_payments_idx_fk" FOREIGN KEY ("buy_payment_idx") REFERENCES "public"."buy_payments"("idx") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_payment_invoices" ADD CONSTRAINT "buy_payment_invoices_buy_payment_idx_buy_payments_idx_fk" FOREIGN KEY ("buy_payment_idx") REFERENCES "public"."buy_payments"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_payment_invoices" ADD CONSTRAINT "buy_payment_invoices_buy_invoice_idx_buy_invoices_idx_fk" FOREIGN KEY ("buy_invoice_idx") REFERENCES "public"."buy_invoices"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_payments" ADD CONSTRAINT "buy_payments_company_idx_companies_idx_fk" FOREIGN KEY ("company_idx") REFERENCES "public"."companies"("idx") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_payments" ADD CONSTRAINT "buy_payments_currency_idx_currencies_idx_fk" FOREIGN KEY ("currency_idx") REFERENCES "public"."currencies"("idx") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buy_invoice_lines_invoice_line" ON "buy_invoice_lines" USING btree ("buy_invoice_idx","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "buy_invoices_company_code" ON "buy_invoices" USING btree ("company_idx","code");--> statement-breakpoint
CREATE INDEX "buy_invoices_company_day" ON "buy_invoices" USING btree ("company_idx","created_day","idx","item");--> statement-breakpoint
CREATE INDEX "buy_invoices_payment" ON "buy_invoices" USING btree ("buy_payment_idx") WHERE "buy_invoices"."buy_payment_idx" is not null;--> statement-breakpoint
CREATE INDEX "buy_payment_invoices_invoice" ON "buy_payment_invoices" USING btree ("buy_invoice_idx");--> statement-breakpoint
CREATE INDEX "buy_payments_company_date" ON "buy_payments" USING btree ("company_idx","d_date","idx");