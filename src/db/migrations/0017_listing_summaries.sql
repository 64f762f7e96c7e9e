-- Facet counts and totals of a listing or a search: computed once per content version (migration 0016)
-- and stored, so a request reads one row instead of counting over the whole result set. `key` is the listing's
-- base (menu slug or full-text match) and filter; a row of an older version is a miss and is replaced (and old
-- rows are deleted whenever a new one is stored).
CREATE TABLE listing_summaries (
  key TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  total INTEGER NOT NULL,
  -- The facet rows as JSON: [{ facet, value, label, extra, count }, …]
  facets TEXT NOT NULL
);
CREATE INDEX listing_summaries_by_version ON listing_summaries (version);
