import {
  BANNER_KEYS,
  CONTENT_MESSAGES as M,
  ContentDocSchema,
  contentParams,
  heroFrom,
  stripFrom,
  type BannerSave,
  type ContentDoc,
  type ContentState,
  type HeroSave,
  type MenuEntrySave,
  type StripSave,
} from '../../contracts/content';
import { TOP_MENU_NAME } from '../../contracts/menus';
import { ANNOUNCEMENTS } from '../../ui/header/announcements';
import { DEFAULT_HERO } from '../../ui/home-hero';
import { DomainError } from '../domain-error';
import { changedFields } from '../audit/changed-fields';
import type { MenusRepo } from '../menus/repo';
import { buildTree } from '../menus/service';
import type { ParametersRepo } from '../parameters/repo';
import type { StaffGate } from '../staff/service';
import { addEntry, maxId, moveEntry, removeEntry, updateEntry } from './menu-edit';
import { isStale, type ContentAdminRepo } from './repo';

type Writer = Awaited<ReturnType<StaffGate['write']>>;
type Fields = Record<string, unknown>;
export interface ContentDeps {
  repo: ContentAdminRepo;
  params: ParametersRepo;
  menus: MenusRepo;
}

/** What the storefront shows now, as one document. */
export async function liveDoc(deps: ContentDeps): Promise<ContentDoc> {
  const [list, rows] = await Promise.all([deps.params.all(), deps.menus.itemsOf(TOP_MENU_NAME)]);
  const params = new Map(list.map((p) => [p.key, p.value]));
  const banner = Object.fromEntries(BANNER_KEYS.map((k) => [k, params.get(k) ?? ''])) as ContentDoc['banner'];
  return {
    strip: stripFrom(params, ANNOUNCEMENTS),
    banner,
    hero: heroFrom(params, DEFAULT_HERO),
    menu: buildTree(rows),
  };
}

const parse = (body: string): ContentDoc => ContentDocSchema.parse(JSON.parse(body));
const same = (a: ContentDoc, b: ContentDoc) => JSON.stringify(a) === JSON.stringify(b);

async function draftState(deps: ContentDeps) {
  const [row, live] = await Promise.all([deps.repo.draft(), liveDoc(deps)]);
  return { live, version: row.version, draft: row.body === null ? live : parse(row.body), pending: row.body !== null };
}

export async function contentState(deps: ContentDeps): Promise<ContentState> {
  const [{ draft, pending, version, live }, releases] = await Promise.all([draftState(deps), deps.repo.releases(6)]);
  return {
    draft,
    pending,
    version,
    releases: releases.map((r) => ({
      id: r.id,
      publishedAt: r.published_at,
      staffEmail: r.staff_email,
      restoredFrom: r.restored_from,
    })),
    canRestore: previousRelease(live, releases) !== null,
  };
}

export async function previewDoc(deps: ContentDeps): Promise<ContentDoc | null> {
  const row = await deps.repo.draft();
  return row.body === null ? null : parse(row.body);
}

async function run(deps: ContentDeps, statements: D1PreparedStatement[]): Promise<void> {
  try {
    await deps.repo.batch(statements);
  } catch (error) {
    if (isStale(error)) throw new DomainError('CONFLICT', M.stale);
    throw error;
  }
}

/** One draft edit: the new draft (guarded by the form's version) and its audit row, in one batch. */
async function edit(
  deps: ContentDeps,
  who: Writer,
  version: number,
  change: (
    draft: ContentDoc,
  ) => Promise<{ doc: ContentDoc; action: string; entityId: string; before: Fields | null; after: Fields | null }>,
): Promise<void> {
  const state = await draftState(deps);
  if (state.version !== version) throw new DomainError('CONFLICT', M.stale);
  const { doc, action, entityId, before, after } = await change(state.draft);
  await run(deps, [
    deps.repo.saveDraft(same(doc, state.live) ? null : doc, version),
    who.row({ action, entity: 'content', entityId, before, after }),
  ]);
}

export const saveStrip = (deps: ContentDeps, who: Writer, input: StripSave) =>
  edit(deps, who, input.version, async (d) => ({
    doc: { ...d, strip: input.messages },
    action: 'content.strip',
    entityId: 'strip',
    before: { strip: d.strip },
    after: { strip: input.messages },
  }));

export const saveBanner = (deps: ContentDeps, who: Writer, input: BannerSave) =>
  edit(deps, who, input.version, async (d) => {
    const banner: ContentDoc['banner'] = {
      text_promotion_home: input.text,
      start_hours_promotion: input.endsAt ?? '',
      link_promotion: input.link ?? '',
      text_button_promotion: input.buttonText,
      whatsapp_button_link: input.whatsappLink ?? '',
      coupon_code_promotion: input.coupon,
      has_timer_promotion: input.timer ? '1' : '0',
    };
    return { doc: { ...d, banner }, action: 'content.banner', entityId: 'banner', ...changedFields(d.banner, banner) };
  });

export const saveHero = (deps: ContentDeps, who: Writer, { version, ...hero }: HeroSave) =>
  edit(deps, who, version, async (d) => {
    const next = { ...hero, secondaryHref: hero.secondaryHref ?? '', primaryHref: hero.primaryHref ?? '' };
    return {
      doc: { ...d, hero: next },
      action: 'content.hero',
      entityId: 'hero',
      ...changedFields({ ...d.hero }, next),
    };
  });

export async function saveMenuEntry(
  deps: ContentDeps,
  who: Writer,
  input: MenuEntrySave & { id?: number },
): Promise<{ id: number }> {
  let id = input.id ?? 0;
  await edit(deps, who, input.version, async (d) => {
    if (input.id === undefined) {
      id = Math.max(maxId(d.menu), await deps.repo.maxMenuId()) + 1;
      const menu = addEntry(d.menu, input.parentId ?? null, input, id);
      return {
        doc: { ...d, menu },
        action: 'content.menu.add',
        entityId: String(id),
        before: null,
        after: { parentId: input.parentId ?? null, ...summary(menu, id) },
      };
    }
    const { tree, before } = updateEntry(d.menu, input.id, input);
    return {
      doc: { ...d, menu: tree },
      action: 'content.menu.update',
      entityId: String(id),
      ...changedFields(flat(before), summary(tree, id)),
    };
  });
  return { id };
}

export const removeMenuEntry = (deps: ContentDeps, who: Writer, input: { id: number; version: number }) =>
  edit(deps, who, input.version, async (d) => {
    const { tree, removed } = removeEntry(d.menu, input.id);
    return {
      doc: { ...d, menu: tree },
      action: 'content.menu.remove',
      entityId: String(input.id),
      before: flat(removed),
      after: null,
    };
  });

export const moveMenuEntry = (
  deps: ContentDeps,
  who: Writer,
  input: { id: number; version: number; direction: 'up' | 'down' },
) =>
  edit(deps, who, input.version, async (d) => {
    const { tree, from, to } = moveEntry(d.menu, input.id, input.direction);
    return {
      doc: { ...d, menu: tree },
      action: 'content.menu.move',
      entityId: String(input.id),
      before: { position: from },
      after: { position: to },
    };
  });

/** Publishes the draft: live parts rewritten, a release appended, the draft emptied, one audit row; one batch. */
export async function publish(deps: ContentDeps, who: Writer, input: { version: number }): Promise<void> {
  const [state, releases] = await Promise.all([draftState(deps), deps.repo.releases(1)]);
  if (state.version !== input.version) throw new DomainError('CONFLICT', M.stale);
  if (!state.pending) throw new DomainError('UNPROCESSABLE', M.nothingToPublish);
  await run(deps, [
    deps.repo.saveDraft(null, input.version),
    ...keepLive(deps, state.live, releases[0]),
    deps.repo.release(state.draft, who.operator.id, null),
    ...deps.repo.apply(state.draft, contentParams(state.draft)),
    who.row({ action: 'content.publish', entity: 'content', entityId: 'loja', ...sections(state.live, state.draft) }),
  ]);
}

/** Publishes the release before the live one again (a new release), discarding a pending draft; audited. */
export async function restore(deps: ContentDeps, who: Writer, input: { version: number }): Promise<void> {
  const [state, releases] = await Promise.all([draftState(deps), deps.repo.releases(2)]);
  if (state.version !== input.version) throw new DomainError('CONFLICT', M.stale);
  const previous = previousRelease(state.live, releases);
  if (!previous) throw new DomainError('UNPROCESSABLE', M.noPrevious);
  const doc = parse(previous.body);
  await run(deps, [
    deps.repo.saveDraft(null, input.version),
    ...keepLive(deps, state.live, releases[0]),
    deps.repo.release(doc, who.operator.id, previous.id),
    ...deps.repo.apply(doc, contentParams(doc)),
    who.row({
      action: 'content.restore',
      entity: 'content',
      entityId: String(previous.id),
      ...sections(state.live, doc),
    }),
  ]);
}

/** The release to restore: the one before the live content (the newest release when the live content is not one). */
function previousRelease<T extends { body: string }>(live: ContentDoc, releases: T[]): T | null {
  const [newest, before] = releases;
  if (!newest) return null;
  return same(parse(newest.body), live) ? (before ?? null) : newest;
}

/** The live content kept as a release when it is not the newest one (before the first publish, after a re-seed). */
const keepLive = (deps: ContentDeps, live: ContentDoc, newest: { body: string } | undefined) =>
  newest && same(parse(newest.body), live) ? [] : [deps.repo.release(live, null, null)];

const flat = ({ items: _items, ...fields }: ContentDoc['menu'][number]): Fields => fields;
function summary(menu: ContentDoc['menu'], id: number): Fields {
  const walk = (items: ContentDoc['menu']): ContentDoc['menu'][number] | null => {
    for (const i of items) {
      if (i.id === id) return i;
      const inner = walk(i.items);
      if (inner) return inner;
    }
    return null;
  };
  const hit = walk(menu);
  return hit ? flat(hit) : {};
}

/** A publish's audit fields: the sections that change (the menu by its entry count: the release holds the rest). */
function sections(before: ContentDoc, after: ContentDoc): { before: Fields; after: Fields } {
  const view = (d: ContentDoc): Fields => ({
    strip: d.strip,
    banner: d.banner,
    hero: d.hero,
    menuEntries: JSON.stringify(d.menu),
  });
  const { before: b, after: a } = changedFields(view(before), view(after));
  const count = (d: ContentDoc) => JSON.stringify(d.menu).split('"id":').length - 1;
  if ('menuEntries' in a) {
    b.menuEntries = count(before);
    a.menuEntries = count(after);
  }
  return { before: b, after: a };
}
