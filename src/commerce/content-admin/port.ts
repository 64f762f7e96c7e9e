import type { BannerSave, ContentDoc, ContentState, HeroSave, MenuEntrySave, StripSave } from '../../contracts/content';

/**
 * The storefront's content in the back office (ADR 0033): reads for any staff member; every edit changes the one
 * draft (`content:write`, one guarded batch with its audit row); publishing and restoring change what shoppers see.
 * Embedded backend only: with COMMERCE_API_URL the upstream owns the content and these answer `CONFLICT`.
 */
export interface ContentAdminPort {
  backofficeContent(): Promise<ContentState>;
  /** The pending draft for the signed-in staff member's preview; null when nothing is pending. */
  backofficeContentPreview(): Promise<ContentDoc | null>;
  backofficeStripSave(input: StripSave): Promise<void>;
  backofficeBannerSave(input: BannerSave): Promise<void>;
  backofficeHeroSave(input: HeroSave): Promise<void>;
  /** A new entry (`parentId` given, null: top level) or an edit of entry `id`; the entry's id. */
  backofficeMenuEntrySave(input: MenuEntrySave & { id?: number }): Promise<{ id: number }>;
  backofficeMenuEntryRemove(input: { id: number; version: number }): Promise<void>;
  backofficeMenuEntryMove(input: { id: number; version: number; direction: 'up' | 'down' }): Promise<void>;
  backofficeContentPublish(input: { version: number }): Promise<void>;
  backofficeContentRestore(input: { version: number }): Promise<void>;
}
