-- Issue 59: the list orders offered on large lists, each served by an index with the company first (lib/lists/sort.ts).
-- The payments' amount order carries the deposit date; it also serves the search by exact amount, which had its own
-- (company, amount) index (migration 'payments_amount_index').
DROP INDEX "buy_payments_company_amount";--> statement-breakpoint
CREATE INDEX "buy_payments_company_amount" ON "buy_payments" USING btree ("company_idx","d_payment","idx","d_date");--> statement-breakpoint
CREATE INDEX "buy_invoices_company_due" ON "buy_invoices" USING btree ("company_idx","due_date","idx","created_day","item");--> statement-breakpoint
CREATE INDEX "buy_invoices_company_amount" ON "buy_invoices" USING btree ("company_idx","amount","idx","created_day","item");--> statement-breakpoint
CREATE INDEX "buy_invoices_company_balance" ON "buy_invoices" USING btree ("company_idx",(case when buy_payment_idx is not null then 2 when paid_amount <> 0 then 1 else 0 end),"created_day","idx","item");--> statement-breakpoint
-- Issue 59: each royalty line stores its royalty (round(unit_price × qty × the book's rate / 100, 2), the rule the list,
-- its export and the statements computed until now), so that the royalty order is one index walk of the company's lines.
-- The backfill writes the value every reader computed until now: no sum, count or announced list changes, so the
-- statement-level triggers of royalty_lines (summaries, counts, announce) are not run for it (on 1M lines each would
-- take the lines out of the summaries and put them back).
ALTER TABLE "royalty_lines" ADD COLUMN "royalty" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "royalty_lines" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "royalty_lines" r SET "royalty" = round(r.unit_price * r.qty * b.rate / 100, 2) FROM "copyright_books" b WHERE b.idx = r.book_idx;--> statement-breakpoint
ALTER TABLE "royalty_lines" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "royalty_lines" ALTER COLUMN "royalty" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "royalty_lines_company_royalty" ON "royalty_lines" USING btree ("company_idx","royalty","idx");--> statement-breakpoint
-- A change of books' rates re-measures their lines' stored royalty in the same statement, whatever writes it (the book
-- import, an operator's SQL, a test): a statement-level trigger, as the summaries' own (lib/lists/summary.ts, whose
-- parent trigger re-measures the same books' summary rows); transition tables admit no column list, so the rate's change
-- is found by joining them. The lines' inserts compute the value in their own statement (no per-row trigger).
CREATE FUNCTION royalty_lines_rate_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE royalty_lines r SET royalty = round(r.unit_price * r.qty * n.rate / 100, 2)
    FROM old_rows o JOIN new_rows n ON n.idx = o.idx
    WHERE o.rate IS DISTINCT FROM n.rate AND r.book_idx = n.idx AND r.royalty <> round(r.unit_price * r.qty * n.rate / 100, 2);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER copyright_books_royalty_rate_upd AFTER UPDATE ON copyright_books
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_lines_rate_apply();
