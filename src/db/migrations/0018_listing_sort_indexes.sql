-- Listing pages in sort order without sorting the whole listing: one partial index per sort over the
-- products a listing can show (not a gift, in stock). A dense listing walks the index and stops after its page
-- (src/commerce/catalog/service.ts decides from the stored totals, migration 0017).
CREATE INDEX products_listed_by_popularity ON products (popularity DESC, id) WHERE gift = 0 AND available = 1;
CREATE INDEX products_listed_by_newest ON products (created_at DESC, id) WHERE gift = 0 AND available = 1;
CREATE INDEX products_listed_by_price ON products (price_cents, id) WHERE gift = 0 AND available = 1;
CREATE INDEX products_listed_by_price_desc ON products (price_cents DESC, id) WHERE gift = 0 AND available = 1;
CREATE INDEX products_listed_by_discount ON products (discount_pct DESC, popularity DESC, id) WHERE gift = 0 AND available = 1;
