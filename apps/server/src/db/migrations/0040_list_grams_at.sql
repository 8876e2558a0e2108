-- A search asks the gram index for the grams of its keyword worth asking (lib/lists/grams.ts): a gram
-- found in nearly every one of the owner's rows removes no row but costs GIN a skip per row found. The
-- server weighs the grams with the index's statistics and names the chosen ones by their positions in
-- the keyword's grams; this takes them from the database's own list_grams of the keyword, so the grams
-- asked are always grams of the keyword (a position out of range is ignored; none left: all of them).
-- IMMUTABLE: with constant arguments the planner computes it once, and estimates from the grams asked.
CREATE OR REPLACE FUNCTION list_grams_at(grams bigint[], positions int[]) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce((SELECT array_agg(grams[p] ORDER BY p) FROM unnest(positions) p WHERE grams[p] IS NOT NULL), grams)
$$;
