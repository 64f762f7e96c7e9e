-- An unpublished product's collection listings: unpublishing removes every listing row of the product
-- (0034), but its department and category rows follow from its category path while collection rows (novidades,
-- outlet, the menu's collections) were chosen once (the seed, later a merchandiser). They wait here while the product
-- is unpublished and go back when it is published again, in the same batch as the save.
CREATE TABLE product_listings_held (
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  PRIMARY KEY (product_id, slug)
) WITHOUT ROWID;
