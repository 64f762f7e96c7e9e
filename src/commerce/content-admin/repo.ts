import { TOP_MENU_NAME, type MenuItem } from '../../contracts/menus';
import type { ContentDoc } from '../../contracts/content';
import { menuRows } from './menu-edit';

/** The content draft's and releases' SQL (ADR 0033); the live parts are read by the parameters and menus repos. */
export interface DraftRow {
  body: string | null;
  version: number;
}
export interface ReleaseRow {
  id: number;
  body: string;
  published_at: string;
  staff_email: string | null;
  restored_from: number | null;
}

/** `version = the form's + 1`, else NULL: the column's NOT NULL aborts the batch of a stale form. */
const GUARDED = 'version = CASE WHEN version = ?2 THEN version + 1 END';
export const isStale = (error: unknown) => /NOT NULL constraint failed: content_draft\.version/i.test(String(error));

export function contentAdminRepo(db: D1Database) {
  return {
    draft: async () => (await db.prepare('SELECT body, version FROM content_draft WHERE id = 1').first<DraftRow>())!,
    releases: async (limit: number) =>
      (
        await db
          .prepare(
            `SELECT r.id, r.body, r.published_at, r.restored_from, c.email AS staff_email
               FROM content_releases r LEFT JOIN customers c ON c.id = r.staff_id
              ORDER BY r.id DESC LIMIT ?`,
          )
          .bind(limit)
          .all<ReleaseRow>()
      ).results,
    /** The highest menu item id of any menu: a new entry's id is above it. */
    maxMenuId: async () =>
      (await db.prepare('SELECT coalesce(max(id), 0) AS n FROM menu_items').first<number>('n')) ?? 0,
    /** The draft replaced (null: none pending), guarded by the form's version. */
    saveDraft: (body: ContentDoc | null, version: number) =>
      db
        .prepare(
          `UPDATE content_draft SET body = ?1, ${GUARDED}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = 1`,
        )
        .bind(body === null ? null : JSON.stringify(body), version),
    release: (body: ContentDoc, staffId: number | null, restoredFrom: number | null) =>
      db
        .prepare('INSERT INTO content_releases (body, staff_id, restored_from) VALUES (?, ?, ?)')
        .bind(JSON.stringify(body), staffId, restoredFrom),
    /** What makes `doc` live: the parameters (upserted) and the whole Menu-Topo rewritten (content_version bumps). */
    apply(doc: ContentDoc, params: Record<string, string>): D1PreparedStatement[] {
      const menu = `(SELECT id FROM menus WHERE name = '${TOP_MENU_NAME}')`;
      return [
        ...Object.entries(params).map(([key, value]) =>
          db
            .prepare(
              `INSERT INTO parameters (key, value) VALUES (?, ?)
               ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
            )
            .bind(key, value),
        ),
        db.prepare(`DELETE FROM menu_items WHERE menu_id = ${menu}`),
        ...menuRows(doc.menu).map((r: MenuItem & { parent: number | null; depth: number; position: number }) =>
          db
            .prepare(
              `INSERT INTO menu_items (id, menu_id, parent_id, depth, position, name, url, id_slug, type_link, destiny_link,
                 display_type, color_item, css_class, image, icon, content_button)
               VALUES (?, ${menu}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              r.id,
              r.parent,
              r.depth,
              r.position,
              r.name,
              r.url,
              r.id_slug,
              r.type_link,
              r.destiny_link,
              r.display_type,
              r.color_item,
              r.css_class,
              r.image,
              r.icon,
              r.content_button,
            ),
        ),
      ];
    },
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  };
}
export type ContentAdminRepo = ReturnType<typeof contentAdminRepo>;
