-- Invoice count and amount per (company, day, item, currency) and (company, month, item, currency),
-- kept exact by statement-level triggers with transition tables, like the count tables of 0007.
-- The invoice list reads the per-currency totals of its filter from them (numeric sums, never floats).
-- Like the count tables they need no change-feed trigger of their own: only these triggers write
-- them, in the statement that wrote buy_invoices, whose own trigger announces 'settlement' (0010).
CREATE FUNCTION buy_invoice_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO buy_invoice_day_sums AS s (company_idx, day, item, currency_idx, cnt, amount)
      SELECT company_idx, created_day, item, currency_idx, -count(*)::int, -sum(amount) FROM old_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, day, item, currency_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt, amount = s.amount + excluded.amount;
    INSERT INTO buy_invoice_month_sums AS s (company_idx, month, item, currency_idx, cnt, amount)
      SELECT company_idx, date_trunc('month', created_day)::date, item, currency_idx, -count(*)::int, -sum(amount) FROM old_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, month, item, currency_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt, amount = s.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO buy_invoice_day_sums AS s (company_idx, day, item, currency_idx, cnt, amount)
      SELECT company_idx, created_day, item, currency_idx, count(*)::int, sum(amount) FROM new_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, day, item, currency_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt, amount = s.amount + excluded.amount;
    INSERT INTO buy_invoice_month_sums AS s (company_idx, month, item, currency_idx, cnt, amount)
      SELECT company_idx, date_trunc('month', created_day)::date, item, currency_idx, count(*)::int, sum(amount) FROM new_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, month, item, currency_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt, amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER buy_invoices_sums_ins AFTER INSERT ON buy_invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION buy_invoice_sums_apply();
--> statement-breakpoint
CREATE TRIGGER buy_invoices_sums_del AFTER DELETE ON buy_invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION buy_invoice_sums_apply();
--> statement-breakpoint
CREATE TRIGGER buy_invoices_sums_upd AFTER UPDATE ON buy_invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION buy_invoice_sums_apply();
--> statement-breakpoint
-- the invoices already there
INSERT INTO buy_invoice_day_sums (company_idx, day, item, currency_idx, cnt, amount)
  SELECT company_idx, created_day, item, currency_idx, count(*)::int, sum(amount) FROM buy_invoices GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO buy_invoice_month_sums (company_idx, month, item, currency_idx, cnt, amount)
  SELECT company_idx, date_trunc('month', created_day)::date, item, currency_idx, count(*)::int, sum(amount) FROM buy_invoices GROUP BY 1, 2, 3, 4;
