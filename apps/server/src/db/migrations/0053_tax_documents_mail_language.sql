ALTER TABLE "companies" ADD COLUMN "mail_language" varchar(5);--> statement-breakpoint
ALTER TABLE "buy_invoices" ADD COLUMN "approval_number" varchar(60);