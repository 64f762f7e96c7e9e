-- The first pages of a listing or a search in sort order: the product ids of its first positions,
-- computed once per content version (migration 0016) and stored, so a page read slices them and reads its
-- products by id instead of ranking every match (bm25) or walking a sort index past products the filter drops.
-- `key` is the listing's base (menu slug or full-text match), filter and sort; a row of an older version is a
-- miss and is replaced (and old rows are deleted whenever a new one is stored). Pages past the stored positions
-- are read as before.
CREATE TABLE listing_orders (
  key TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  -- The product ids in sort order as JSON: [id, …] (the whole result set when it is shorter than the limit).
  ids TEXT NOT NULL
);
CREATE INDEX listing_orders_by_version ON listing_orders (version);
