CREATE INDEX "buy_invoices_company_due" ON "buy_invoices" USING btree ("company_idx","due_date","idx","created_day","item");--> statement-breakpoint
CREATE INDEX "buy_invoices_company_amount" ON "buy_invoices" USING btree ("company_idx","amount","idx","created_day","item");--> statement-breakpoint
CREATE INDEX "buy_invoices_company_balance" ON "buy_invoices" USING btree ("company_idx",(case when buy_payment_idx is not null then 2 when paid_amount <> 0 then 1 else 0 end),"created_day","idx","item");--> statement-breakpoint
CREATE INDEX "buy_payments_company_amount" ON "buy_payments" USING btree ("company_idx","d_payment","idx","d_date");--> statement-breakpoint
CREATE INDEX "royalty_lines_book_gross" ON "royalty_lines" USING btree ("book_idx",(unit_price * qty),"idx");