ALTER TABLE "buy_invoice_day_sums" ALTER COLUMN "amount" SET DATA TYPE numeric(30, 2);--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ALTER COLUMN "unit_price" SET DATA TYPE numeric(18, 2);--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ALTER COLUMN "amount" SET DATA TYPE numeric(18, 2);--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ALTER COLUMN "supply_amount" SET DATA TYPE numeric(18, 2);--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ALTER COLUMN "supply_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ALTER COLUMN "vat_amount" SET DATA TYPE numeric(18, 2);--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ALTER COLUMN "vat_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "buy_invoice_month_sums" ALTER COLUMN "amount" SET DATA TYPE numeric(30, 2);--> statement-breakpoint
ALTER TABLE "buy_invoices" ALTER COLUMN "amount" SET DATA TYPE numeric(18, 2);--> statement-breakpoint
ALTER TABLE "buy_payment_day_sums" ALTER COLUMN "amount" SET DATA TYPE numeric(30, 2);--> statement-breakpoint
ALTER TABLE "buy_payment_invoices" ALTER COLUMN "amount" SET DATA TYPE numeric(18, 2);--> statement-breakpoint
ALTER TABLE "buy_payment_month_sums" ALTER COLUMN "amount" SET DATA TYPE numeric(30, 2);--> statement-breakpoint
ALTER TABLE "buy_payments" ALTER COLUMN "d_payment" SET DATA TYPE numeric(18, 2);--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "minor_unit" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "buy_invoices" ADD COLUMN "paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "buy_payment_invoices" ADD COLUMN "adjustment" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "buy_payment_invoices" ADD COLUMN "adjustment_reason" varchar(200) DEFAULT '' NOT NULL;