-- Custom SQL migration file, put your code below! --
-- The ISO 4217 minor unit of the currencies already stored (currencyMinorUnitsSql, db/seed/reference.ts: the contract's CURRENCY_TABLE).
UPDATE currencies c SET minor_unit = v.minor_unit FROM (VALUES ('KRW', 0), ('USD', 2), ('JPY', 0), ('EUR', 2), ('CNY', 2), ('GBP', 2)) AS v(name, minor_unit) WHERE c.name = v.name;
--> statement-breakpoint
-- An invoice's balance, from the payments covering it (buy_payment_invoices): paid_amount is their covered
-- amounts plus adjustments; buy_payment_idx the payment that settled it in full (the latest covering it once
-- nothing is owed), null while anything is owed, so spec §4's "null means unpaid" never reads a partially
-- paid invoice as paid. updated_at moves with either, so a stored PDF (which prints the state) is made again.
CREATE FUNCTION buy_invoice_balances_refresh(invoices int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE buy_invoices i
    SET paid_amount = b.paid,
      buy_payment_idx = CASE WHEN b.last_payment IS NOT NULL AND b.paid >= i.amount THEN b.last_payment END,
      updated_at = now()
  FROM (
    SELECT v.idx, coalesce(sum(pi.amount + pi.adjustment), 0) AS paid, max(pi.buy_payment_idx) AS last_payment
    FROM unnest(invoices) AS v(idx) LEFT JOIN buy_payment_invoices pi ON pi.buy_invoice_idx = v.idx
    GROUP BY v.idx
  ) b
  WHERE i.idx = b.idx
    AND (i.paid_amount <> b.paid
      OR i.buy_payment_idx IS DISTINCT FROM (CASE WHEN b.last_payment IS NOT NULL AND b.paid >= i.amount THEN b.last_payment END));
$$;
--> statement-breakpoint
CREATE FUNCTION buy_invoice_balances_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM buy_invoice_balances_refresh(ARRAY(SELECT DISTINCT buy_invoice_idx FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM buy_invoice_balances_refresh(ARRAY(SELECT DISTINCT buy_invoice_idx FROM old_rows));
  ELSE
    PERFORM buy_invoice_balances_refresh(ARRAY(SELECT buy_invoice_idx FROM old_rows UNION SELECT buy_invoice_idx FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER buy_payment_invoices_balances_ins AFTER INSERT ON buy_payment_invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION buy_invoice_balances_apply();
--> statement-breakpoint
CREATE TRIGGER buy_payment_invoices_balances_del AFTER DELETE ON buy_payment_invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION buy_invoice_balances_apply();
--> statement-breakpoint
CREATE TRIGGER buy_payment_invoices_balances_upd AFTER UPDATE ON buy_payment_invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION buy_invoice_balances_apply();
--> statement-breakpoint
-- The invoices stored so far: one marked paid without coverage rows (before they were kept) was settled in
-- full by its payment; every other one's balance comes from its coverage. A payment that covered less than
-- its invoice's amount (₩296 of ₩298) no longer marks it paid: its unpaid count moves with it (the count's triggers).
UPDATE buy_invoices i SET paid_amount = i.amount
  WHERE i.buy_payment_idx IS NOT NULL AND NOT EXISTS (SELECT 1 FROM buy_payment_invoices pi WHERE pi.buy_invoice_idx = i.idx);
--> statement-breakpoint
SELECT buy_invoice_balances_refresh(ARRAY(SELECT DISTINCT buy_invoice_idx FROM buy_payment_invoices));
