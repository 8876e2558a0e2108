CREATE TABLE "royalty_total_day_sums" (
	"company_idx" integer NOT NULL,
	"invoiced" boolean NOT NULL,
	"currency" char(3) NOT NULL,
	"cnt" integer NOT NULL,
	"qty" bigint NOT NULL,
	"royalty" numeric(20, 2) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "royalty_total_day_sums_pk" PRIMARY KEY("company_idx","day","invoiced","currency")
);
--> statement-breakpoint
CREATE TABLE "royalty_total_month_sums" (
	"company_idx" integer NOT NULL,
	"invoiced" boolean NOT NULL,
	"currency" char(3) NOT NULL,
	"cnt" integer NOT NULL,
	"qty" bigint NOT NULL,
	"royalty" numeric(20, 2) NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "royalty_total_month_sums_pk" PRIMARY KEY("company_idx","month","invoiced","currency")
);

--> statement-breakpoint
CREATE FUNCTION royalty_total_sums_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO royalty_total_day_sums AS s (company_idx, day, invoiced, currency, cnt, qty, royalty)
      SELECT r.company_idx, r.day, r.invoiced, r.currency, -coalesce(sum(r.cnt), 0)::int, -coalesce(sum(r.qty), 0), -coalesce(sum(r.royalty), 0)
      FROM old_rows r
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, day, invoiced, currency) DO UPDATE SET cnt = s.cnt + excluded.cnt, qty = s.qty + excluded.qty, royalty = s.royalty + excluded.royalty;
    INSERT INTO royalty_total_month_sums AS s (company_idx, month, invoiced, currency, cnt, qty, royalty)
      SELECT r.company_idx, date_trunc('month', r.day)::date, r.invoiced, r.currency, -coalesce(sum(r.cnt), 0)::int, -coalesce(sum(r.qty), 0), -coalesce(sum(r.royalty), 0)
      FROM old_rows r
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, month, invoiced, currency) DO UPDATE SET cnt = s.cnt + excluded.cnt, qty = s.qty + excluded.qty, royalty = s.royalty + excluded.royalty;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO royalty_total_day_sums AS s (company_idx, day, invoiced, currency, cnt, qty, royalty)
      SELECT r.company_idx, r.day, r.invoiced, r.currency, coalesce(sum(r.cnt), 0)::int, coalesce(sum(r.qty), 0), coalesce(sum(r.royalty), 0)
      FROM new_rows r
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, day, invoiced, currency) DO UPDATE SET cnt = s.cnt + excluded.cnt, qty = s.qty + excluded.qty, royalty = s.royalty + excluded.royalty;
    INSERT INTO royalty_total_month_sums AS s (company_idx, month, invoiced, currency, cnt, qty, royalty)
      SELECT r.company_idx, date_trunc('month', r.day)::date, r.invoiced, r.currency, coalesce(sum(r.cnt), 0)::int, coalesce(sum(r.qty), 0), coalesce(sum(r.royalty), 0)
      FROM new_rows r
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, month, invoiced, currency) DO UPDATE SET cnt = s.cnt + excluded.cnt, qty = s.qty + excluded.qty, royalty = s.royalty + excluded.royalty;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER royalty_line_day_sums_sums_ins AFTER INSERT ON royalty_line_day_sums
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_total_sums_apply();
--> statement-breakpoint
CREATE TRIGGER royalty_line_day_sums_sums_del AFTER DELETE ON royalty_line_day_sums
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_total_sums_apply();
--> statement-breakpoint
CREATE TRIGGER royalty_line_day_sums_sums_upd AFTER UPDATE ON royalty_line_day_sums
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION royalty_total_sums_apply();
--> statement-breakpoint
INSERT INTO royalty_total_day_sums AS s (company_idx, day, invoiced, currency, cnt, qty, royalty)
      SELECT r.company_idx, r.day, r.invoiced, r.currency, coalesce(sum(r.cnt), 0)::int, coalesce(sum(r.qty), 0), coalesce(sum(r.royalty), 0)
      FROM royalty_line_day_sums r
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, day, invoiced, currency) DO UPDATE SET cnt = s.cnt + excluded.cnt, qty = s.qty + excluded.qty, royalty = s.royalty + excluded.royalty;
--> statement-breakpoint
INSERT INTO royalty_total_month_sums AS s (company_idx, month, invoiced, currency, cnt, qty, royalty)
      SELECT r.company_idx, date_trunc('month', r.day)::date, r.invoiced, r.currency, coalesce(sum(r.cnt), 0)::int, coalesce(sum(r.qty), 0), coalesce(sum(r.royalty), 0)
      FROM royalty_line_day_sums r
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (company_idx, month, invoiced, currency) DO UPDATE SET cnt = s.cnt + excluded.cnt, qty = s.qty + excluded.qty, royalty = s.royalty + excluded.royalty;
