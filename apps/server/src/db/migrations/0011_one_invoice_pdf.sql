-- Concurrent first downloads could store several PDFs of one invoice: keep the newest row of each
-- before the unique index makes a second one impossible (the bytes of the removed rows stay as
-- unreferenced files; nothing serves them).
DELETE FROM "stored_files" AS "f" USING "stored_files" AS "newer"
WHERE "f"."upload_path" = 'buy_invoice' AND "newer"."upload_path" = 'buy_invoice'
  AND "newer"."company_idx" = "f"."company_idx" AND "newer"."ref_idx" = "f"."ref_idx"
  AND ("newer"."created_at", "newer"."idx") > ("f"."created_at", "f"."idx");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_one_invoice_pdf" ON "stored_files" USING btree ("company_idx","ref_idx") WHERE "stored_files"."upload_path" = 'buy_invoice';
