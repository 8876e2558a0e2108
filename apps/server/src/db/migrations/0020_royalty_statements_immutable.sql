-- An issued royalty statement is immutable (issue 18): a correction is a new version, never an update.
-- Deleting stays possible (a company's removal cascades to its statements).
CREATE OR REPLACE FUNCTION royalty_statements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'royalty statement % is issued and cannot be changed; issue a new version', OLD.number
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER royalty_statements_immutable BEFORE UPDATE ON royalty_statements
  FOR EACH ROW EXECUTE FUNCTION royalty_statements_immutable();
