-- The FAQ answer (GET /help/faq) is kept by the response cache under the 'help' topic: every
-- committed write to faq_entries drops it (docs/cache-topics.md).
CREATE TRIGGER faq_entries_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq_entries
  FOR EACH STATEMENT EXECUTE FUNCTION portal_announce_change('help');
