-- Named navigation menus (the header reads 'Menu-Topo') and their item trees.
CREATE TABLE menus (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE menu_items (
  id INTEGER PRIMARY KEY,
  menu_id INTEGER NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  parent_id INTEGER REFERENCES menu_items (id) ON DELETE CASCADE,
  depth INTEGER NOT NULL CHECK (depth >= 0),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  url TEXT,
  id_slug TEXT NOT NULL,
  type_link TEXT,
  destiny_link TEXT,
  display_type TEXT NOT NULL DEFAULT 'other' CHECK (display_type IN ('column', 'modality', 'banner', 'other')),
  color_item TEXT,
  css_class TEXT,
  image TEXT,
  icon TEXT,
  content_button TEXT
);

CREATE INDEX menu_items_by_menu ON menu_items (menu_id, depth, position);
