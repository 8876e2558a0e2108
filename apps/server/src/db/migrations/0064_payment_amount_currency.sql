DROP INDEX "buy_payments_company_amount";--> statement-breakpoint
CREATE INDEX "buy_payments_company_amount" ON "buy_payments" USING btree ("company_idx","d_payment","idx","d_date","currency_idx");