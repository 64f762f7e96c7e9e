import { menusRepo } from '../menus/repo';
import { parametersRepo } from '../parameters/repo';
import type { StaffGate } from '../staff/service';
import type { ContentAdminPort } from './port';
import { contentAdminRepo } from './repo';
import {
  contentState,
  moveMenuEntry,
  previewDoc,
  publish,
  removeMenuEntry,
  restore,
  saveBanner,
  saveHero,
  saveMenuEntry,
  saveStrip,
  type ContentDeps,
} from './service';

/** The embedded (D1) content editing: reads for any staff member; edits need `content:write` and are audited. */
export function embeddedContentAdmin(db: D1Database, staff: StaffGate): ContentAdminPort {
  const deps: ContentDeps = { repo: contentAdminRepo(db), params: parametersRepo(db), menus: menusRepo(db) };
  const writer = () => staff.write('content:write');
  return {
    backofficeContent: async () => (await staff.read(), contentState(deps)),
    backofficeContentPreview: async () => (await staff.read(), previewDoc(deps)),
    backofficeStripSave: async (input) => saveStrip(deps, await writer(), input),
    backofficeBannerSave: async (input) => saveBanner(deps, await writer(), input),
    backofficeHeroSave: async (input) => saveHero(deps, await writer(), input),
    backofficeMenuEntrySave: async (input) => saveMenuEntry(deps, await writer(), input),
    backofficeMenuEntryRemove: async (input) => removeMenuEntry(deps, await writer(), input),
    backofficeMenuEntryMove: async (input) => moveMenuEntry(deps, await writer(), input),
    backofficeContentPublish: async (input) => publish(deps, await writer(), input),
    backofficeContentRestore: async (input) => restore(deps, await writer(), input),
  };
}
