-- A favourite saved before a size was chosen (the product page's heart before a size, a listing card's heart)
-- still names one of the colour's items, for the hearts and the `favorites` cookie, but says it has no size:
-- the favourites page then asks for the size instead of showing that item's. Earlier rows keep their item's size.
ALTER TABLE favorites ADD COLUMN size_chosen INTEGER NOT NULL DEFAULT 1 CHECK (size_chosen IN (0, 1));
