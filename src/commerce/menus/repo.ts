export interface MenuItemRow {
  id: number;
  parent_id: number | null;
  name: string;
  url: string | null;
  id_slug: string;
  type_link: string | null;
  destiny_link: string | null;
  display_type: string;
  color_item: string | null;
  css_class: string | null;
  image: string | null;
  icon: string | null;
  content_button: string | null;
}

export interface MenusRepo {
  /** Every item of the named menu, parents before children, siblings in display order. */
  itemsOf(menuName: string): Promise<MenuItemRow[]>;
}

export function menusRepo(db: D1Database): MenusRepo {
  return {
    async itemsOf(menuName) {
      const { results } = await db
        .prepare(
          `SELECT i.id, i.parent_id, i.name, i.url, i.id_slug, i.type_link, i.destiny_link, i.display_type,
                  i.color_item, i.css_class, i.image, i.icon, i.content_button
             FROM menu_items i JOIN menus m ON m.id = i.menu_id
            WHERE m.name = ?
            ORDER BY i.depth, i.position, i.id`,
        )
        .bind(menuName)
        .all<MenuItemRow>();
      return results;
    },
  };
}
