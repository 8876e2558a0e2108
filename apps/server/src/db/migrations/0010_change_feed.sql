-- Change feed: every committed write to a table that cached list answers are built from announces
-- its topic on channel portal_changes (NOTIFY is transactional: sent at commit, never for a rollback;
-- one per topic and transaction). Servers LISTEN and drop cached answers of that topic (lib/change-feed.ts).
CREATE FUNCTION portal_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER buy_invoices_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON buy_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('settlement');
--> statement-breakpoint
CREATE TRIGGER buy_payments_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON buy_payments
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('settlement');
--> statement-breakpoint
CREATE TRIGGER buy_payment_invoices_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON buy_payment_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('settlement');
--> statement-breakpoint
CREATE TRIGGER copyright_books_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON copyright_books
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('copyright');
--> statement-breakpoint
CREATE TRIGGER royalty_lines_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON royalty_lines
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('copyright');
--> statement-breakpoint
CREATE TRIGGER royalty_customers_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON royalty_customers
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('copyright');
--> statement-breakpoint
CREATE TRIGGER companies_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('companies');
--> statement-breakpoint
CREATE TRIGGER currencies_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('reference');
--> statement-breakpoint
CREATE TRIGGER countries_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('reference');
