-- Supply value and VAT of invoice lines (issue 18). A line inserted without them (amount only, as
-- before) gets them here: for an invoice issued from KOR amount = supply + VAT with VAT 10 % of the
-- supply (none on an exempt line), the supply rounded to the cent; for USA-issued ones supply = amount.
-- A line inserted with supply and VAT keeps them (the operator's invoice import carries them).
CREATE OR REPLACE FUNCTION buy_invoice_lines_fill_vat() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  inv_issuer char(3);
BEGIN
  IF NEW.supply_amount = 0 AND NEW.vat_amount = 0 AND NEW.amount <> 0 THEN
    SELECT issuer INTO inv_issuer FROM buy_invoices WHERE idx = NEW.buy_invoice_idx;
    IF inv_issuer = 'KOR' AND NOT NEW.vat_exempt THEN
      NEW.supply_amount := round(NEW.amount * 10 / 11, 2);
      NEW.vat_amount := NEW.amount - NEW.supply_amount;
    ELSE
      NEW.supply_amount := NEW.amount;
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER buy_invoice_lines_fill_vat BEFORE INSERT ON buy_invoice_lines
  FOR EACH ROW EXECUTE FUNCTION buy_invoice_lines_fill_vat();--> statement-breakpoint
UPDATE buy_invoice_lines l SET
  supply_amount = CASE WHEN i.issuer = 'KOR' THEN round(l.amount * 10 / 11, 2) ELSE l.amount END,
  vat_amount = CASE WHEN i.issuer = 'KOR' THEN l.amount - round(l.amount * 10 / 11, 2) ELSE 0 END
FROM buy_invoices i WHERE i.idx = l.buy_invoice_idx;

--> statement-breakpoint
-- An issued royalty statement is immutable (issue 18): a correction is a new version, never an update.
-- Deleting stays possible (a company's removal cascades to its statements).
CREATE OR REPLACE FUNCTION royalty_statements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'royalty statement % is issued and cannot be changed; issue a new version', OLD.number
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER royalty_statements_immutable BEFORE UPDATE ON royalty_statements
  FOR EACH ROW EXECUTE FUNCTION royalty_statements_immutable();
