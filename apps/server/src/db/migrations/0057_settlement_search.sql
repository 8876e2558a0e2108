-- Issue 59: the settlement lists' searches (lib/lists/search.ts, docs/decisions/owner-gram-search.md).
-- Invoices: the code or the title contains the keyword, one gram index over both (the recheck tests each
-- column alone, so a gram across the space only adds rows it rejects). Payments: the depositor's name
-- contains it (an exact amount is buy_payments_company_amount's, migration 0056).
CREATE INDEX IF NOT EXISTS buy_invoices_text_grams ON buy_invoices USING gin (list_grams(company_idx, code || ' ' || title, '{2,4}'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS buy_payments_name_grams ON buy_payments USING gin (list_grams(company_idx, d_name, '{2,4}'));
--> statement-breakpoint
-- A search's walk (lib/lists/index.ts walkPage) reads the list's first rows in its order and tests each:
-- the order indexes carry the searched columns, so the walk is index-only (as migration 0038 did for the
-- other lists). Same names and keys; an index that already includes them is left as it is.
DO $$
BEGIN
  IF pg_get_indexdef('buy_invoices_company_day'::regclass) NOT LIKE '%INCLUDE (%title%' THEN
    DROP INDEX buy_invoices_company_day;
    CREATE INDEX buy_invoices_company_day ON buy_invoices (company_idx, created_day, idx, item) INCLUDE (code, title);
  END IF;
  IF pg_get_indexdef('buy_payments_company_date'::regclass) NOT LIKE '%INCLUDE (%d_name%' THEN
    DROP INDEX buy_payments_company_date;
    CREATE INDEX buy_payments_company_date ON buy_payments (company_idx, d_date, idx) INCLUDE (d_name, d_payment);
  END IF;
END
$$;
