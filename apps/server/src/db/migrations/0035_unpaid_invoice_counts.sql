CREATE TABLE "unpaid_invoice_counts" (
	"company_idx" integer PRIMARY KEY NOT NULL,
	"cnt" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "buy_invoices_company_unpaid";
--> statement-breakpoint
CREATE FUNCTION unpaid_invoice_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO unpaid_invoice_counts AS s (company_idx, cnt)
      SELECT company_idx, sum(c)::int FROM (SELECT r.company_idx AS company_idx, 1 AS c FROM new_rows r WHERE r.buy_payment_idx IS NULL) x
      GROUP BY company_idx HAVING sum(c) <> 0
      ON CONFLICT (company_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO unpaid_invoice_counts AS s (company_idx, cnt)
      SELECT company_idx, sum(c)::int FROM (SELECT r.company_idx AS company_idx, -1 AS c FROM old_rows r WHERE r.buy_payment_idx IS NULL) x
      GROUP BY company_idx HAVING sum(c) <> 0
      ON CONFLICT (company_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  ELSE
    INSERT INTO unpaid_invoice_counts AS s (company_idx, cnt)
      SELECT company_idx, sum(c)::int FROM (SELECT r.company_idx AS company_idx, -1 AS c FROM old_rows r WHERE r.buy_payment_idx IS NULL UNION ALL SELECT r.company_idx AS company_idx, 1 AS c FROM new_rows r WHERE r.buy_payment_idx IS NULL) x
      GROUP BY company_idx HAVING sum(c) <> 0
      ON CONFLICT (company_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER buy_invoices_counts_ins AFTER INSERT ON buy_invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION unpaid_invoice_counts_apply();
--> statement-breakpoint
CREATE TRIGGER buy_invoices_counts_del AFTER DELETE ON buy_invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION unpaid_invoice_counts_apply();
--> statement-breakpoint
CREATE TRIGGER buy_invoices_counts_upd AFTER UPDATE ON buy_invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION unpaid_invoice_counts_apply();
--> statement-breakpoint
INSERT INTO unpaid_invoice_counts AS s (company_idx, cnt)
      SELECT company_idx, sum(c)::int FROM (SELECT r.company_idx AS company_idx, 1 AS c FROM buy_invoices r WHERE r.buy_payment_idx IS NULL) x
      GROUP BY company_idx HAVING sum(c) <> 0
      ON CONFLICT (company_idx) DO UPDATE SET cnt = s.cnt + excluded.cnt;
