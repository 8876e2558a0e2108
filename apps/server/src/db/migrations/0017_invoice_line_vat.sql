ALTER TABLE "buy_invoice_lines" ADD COLUMN "supply_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ADD COLUMN "vat_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "buy_invoice_lines" ADD COLUMN "vat_exempt" boolean DEFAULT false NOT NULL;