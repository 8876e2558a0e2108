-- Invoice counts per (company, day, item) and (company, month, item), kept exact by
-- statement-level triggers with transition tables (one aggregate per statement, so bulk inserts
-- stay fast). Lists read totals and find the day a deep page starts on from these tables.
CREATE FUNCTION buy_invoice_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO buy_invoice_day_counts AS c (company_idx, day, item, cnt)
      SELECT company_idx, created_day, item, -count(*)::int FROM old_rows GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, day, item) DO UPDATE SET cnt = c.cnt + excluded.cnt;
    INSERT INTO buy_invoice_month_counts AS c (company_idx, month, item, cnt)
      SELECT company_idx, date_trunc('month', created_day)::date, item, -count(*)::int FROM old_rows GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, month, item) DO UPDATE SET cnt = c.cnt + excluded.cnt;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO buy_invoice_day_counts AS c (company_idx, day, item, cnt)
      SELECT company_idx, created_day, item, count(*)::int FROM new_rows GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, day, item) DO UPDATE SET cnt = c.cnt + excluded.cnt;
    INSERT INTO buy_invoice_month_counts AS c (company_idx, month, item, cnt)
      SELECT company_idx, date_trunc('month', created_day)::date, item, count(*)::int FROM new_rows GROUP BY 1, 2, 3
      ON CONFLICT (company_idx, month, item) DO UPDATE SET cnt = c.cnt + excluded.cnt;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER buy_invoices_counts_ins AFTER INSERT ON buy_invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION buy_invoice_counts_apply();
--> statement-breakpoint
CREATE TRIGGER buy_invoices_counts_del AFTER DELETE ON buy_invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION buy_invoice_counts_apply();
--> statement-breakpoint
CREATE TRIGGER buy_invoices_counts_upd AFTER UPDATE ON buy_invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION buy_invoice_counts_apply();
