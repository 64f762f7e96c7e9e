// A product's photos: added after their colour's last, listed per colour, removed under the form's version guard.

export function productPhotosRepo(db: D1Database) {
  return {
    colorSlug: (productId: number, colorName: string) =>
      db
        .prepare('SELECT color_slug FROM product_items WHERE product_id = ? AND color_name = ? LIMIT 1')
        .bind(productId, colorName)
        .first<string>('color_slug'),
    /** The photo after the colour's last one; its position is read back by `photoPosition`. */
    photoStatement: (productId: number, colorSlug: string, file: string) =>
      db
        .prepare(
          `INSERT INTO product_photos (product_id, color_slug, position, file)
           SELECT ?1, ?2, coalesce(max(position), 0) + 1, ?3 FROM product_photos WHERE product_id = ?1 AND color_slug = ?2`,
        )
        .bind(productId, colorSlug, file),
    /** The product's photos with their colour's name, per colour in position order. */
    async photos(productId: number): Promise<{ color: string; position: number; file: string }[]> {
      const { results } = await db
        .prepare(
          `SELECT coalesce((SELECT min(i.color_name) FROM product_items i WHERE i.product_id = ph.product_id AND i.color_slug = ph.color_slug), ph.color_slug) AS color,
                  ph.position, ph.file
             FROM product_photos ph WHERE ph.product_id = ? ORDER BY ph.color_slug, ph.position`,
        )
        .bind(productId)
        .all<{ color: string; position: number; file: string }>();
      return results;
    },
    /**
     * A photo's removal, for ONE batch: the same version guard as a save (a stale form aborts the batch), the
     * product's version bumped (an open form of it is now stale), the photo's row gone.
     */
    photoRemoveStatements: (productId: number, version: number, file: string, staffId: number | null, at: string) => [
      db
        .prepare(
          `INSERT INTO product_edits (product_id, version_before, staff_id, created_at)
           VALUES (?1, (SELECT version FROM products WHERE id = ?1 AND version = ?2), ?3, ?4)`,
        )
        .bind(productId, version, staffId, at),
      db.prepare('UPDATE products SET version = version + 1 WHERE id = ?').bind(productId),
      db.prepare('DELETE FROM product_photos WHERE product_id = ? AND file = ?').bind(productId, file),
    ],
    photoPosition: (productId: number, file: string) =>
      db
        .prepare('SELECT position FROM product_photos WHERE product_id = ? AND file = ?')
        .bind(productId, file)
        .first<number>('position'),
  };
}
