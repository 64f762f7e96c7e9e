import { Hono, type Context } from 'hono';
import { setCookie, deleteCookie } from 'hono/cookie';
import type { z } from 'zod';
import {
  BannerSaveSchema,
  HeroSaveSchema,
  MenuEntrySchema,
  MenuMoveSchema,
  StripSaveSchema,
  VersionOnlySchema,
  type BannerSave,
  type HeroSave,
  type MenuEntrySave,
  type StripSave,
} from '../../contracts/content';
import type { Operator } from '../../contracts/staff';
import type { AppEnv } from '../../env';
import { failure, readForm } from '../account/forms';
import { PREVIEW_COOKIE } from '../content-preview';
import { notFound } from '../not-found';
import { bannerInput, CONTENT, entryInput, heroInput, MENU, stripInput, version } from './content-input';
import { contentPage, entryPage, owned, upstream, type ContentForm } from './content-pages';
import { asStaff, idParam, type Status } from './operator-frame';

type Fields = Record<string, string | undefined>;
type Rerender = (
  c: Context<AppEnv>,
  operator: Operator,
  error: string,
  values: Fields | null,
  status: Status,
) => Promise<Response>;

/**
 * One content mutation (`content:write`): upstream → 409 (the upstream owns it); a form that does not read → 400 with
 * the pt-BR reason; the port's refusal (a stale form's 409, nothing to publish…) → the page again with its message.
 */
const mutation = <S extends z.ZodType>(
  schema: S,
  input: (c: Context<AppEnv>, v: Fields) => unknown,
  call: (c: Context<AppEnv>, data: z.infer<S>) => Promise<string>,
  rerender: Rerender,
) =>
  asStaff('content:write', async (c, operator) => {
    if (upstream(c)) return owned(c, operator, 409);
    const values = await readForm(c);
    const parsed = schema.safeParse(input(c, values));
    if (!parsed.success) return rerender(c, operator, parsed.error.issues[0]!.message, values, 400);
    try {
      return c.redirect(await call(c, parsed.data), 303);
    } catch (error) {
      const { status, message } = failure(error, c);
      if (status === 404) return notFound(c);
      // A stale form shows the current draft (the posted values would hide what the other save changed).
      return rerender(c, operator, message, status === 409 ? null : values, status);
    }
  });

const onPage =
  (which: NonNullable<ContentForm>['which']): Rerender =>
  (c, operator, error, values, status) =>
    contentPage(c, operator, { which, error, values }, status);
const at = (c: Context<AppEnv>) => ({ id: idParam(c) });
/** A menu entry's form again: the edited entry's, or the new one's under the parent it posted. */
const entryRerender: Rerender = (c, operator, error, values, status) => {
  const parent = values?.parentId ?? '';
  const target = c.req.param('id') ? at(c) : { parentId: /^\d{1,9}$/.test(parent) ? Number(parent) : null };
  return entryPage(c, operator, target, { error, values }, status);
};
const DRAFT = `${CONTENT}?ok=rascunho`;

/** /painel/conteudo: the strip, the promotion banner, the home hero and the Menu-Topo; drafts, preview, publish, restore. */
export const contentRoutes = new Hono<AppEnv>()
  .get(
    CONTENT,
    asStaff(null, (c, operator) => contentPage(c, operator)),
  )
  .get(
    `${MENU}/nova`,
    asStaff(null, (c, operator) => {
      const pai = c.req.query('pai');
      if (pai !== undefined && !/^\d{1,9}$/.test(pai)) return notFound(c);
      return entryPage(c, operator, { parentId: pai === undefined ? null : Number(pai) });
    }),
  )
  .get(
    `${MENU}/:id{[0-9]{1,9}}`,
    asStaff(null, (c, operator) => entryPage(c, operator, at(c))),
  )
  // The preview is the staff member's own view (a cookie), not a change of the store: any staff member may.
  .get(
    `${CONTENT}/previa`,
    asStaff(null, (c) => {
      setCookie(c, PREVIEW_COOKIE, '1', {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: 3600,
      });
      return c.redirect('/', 303);
    }),
  )
  .get(
    `${CONTENT}/previa/sair`,
    asStaff(null, (c) => {
      deleteCookie(c, PREVIEW_COOKIE, { path: '/' });
      return c.redirect(CONTENT, 303);
    }),
  )
  .post(
    `${CONTENT}/faixa`,
    mutation(
      StripSaveSchema,
      (_c, v) => stripInput(v),
      async (c, d: StripSave) => (await c.var.commerce.backofficeStripSave(d), DRAFT),
      onPage('strip'),
    ),
  )
  .post(
    `${CONTENT}/banner`,
    mutation(
      BannerSaveSchema,
      (_c, v) => bannerInput(v),
      async (c, d: BannerSave) => (await c.var.commerce.backofficeBannerSave(d), DRAFT),
      onPage('banner'),
    ),
  )
  .post(
    `${CONTENT}/destaque`,
    mutation(
      HeroSaveSchema,
      (_c, v) => heroInput(v),
      async (c, d: HeroSave) => (await c.var.commerce.backofficeHeroSave(d), DRAFT),
      onPage('hero'),
    ),
  )
  .post(
    MENU,
    mutation(
      MenuEntrySchema,
      (_c, v) => entryInput(v, true),
      async (c, d: MenuEntrySave) => (await c.var.commerce.backofficeMenuEntrySave(d), `${DRAFT}#menu`),
      entryRerender,
    ),
  )
  .post(
    `${MENU}/:id{[0-9]{1,9}}`,
    mutation(
      MenuEntrySchema,
      (_c, v) => entryInput(v, false),
      async (c, d: MenuEntrySave) => (
        await c.var.commerce.backofficeMenuEntrySave({ ...d, id: idParam(c) }),
        `${DRAFT}#menu`
      ),
      entryRerender,
    ),
  )
  .post(
    `${MENU}/:id{[0-9]{1,9}}/remover`,
    mutation(
      VersionOnlySchema,
      (_c, v) => ({ version: version(v.version) }),
      async (c, d) => (await c.var.commerce.backofficeMenuEntryRemove({ ...d, id: idParam(c) }), `${DRAFT}#menu`),
      onPage('status'),
    ),
  )
  .post(
    `${MENU}/:id{[0-9]{1,9}}/mover`,
    mutation(
      MenuMoveSchema,
      (_c, v) => ({ version: version(v.version), direction: v.direction }),
      async (c, d) => (await c.var.commerce.backofficeMenuEntryMove({ ...d, id: idParam(c) }), `${DRAFT}#menu`),
      onPage('status'),
    ),
  )
  .post(
    `${CONTENT}/publicar`,
    mutation(
      VersionOnlySchema,
      (_c, v) => ({ version: version(v.version) }),
      async (c, d) => (await c.var.commerce.backofficeContentPublish(d), `${CONTENT}?ok=publicado`),
      onPage('status'),
    ),
  )
  .post(
    `${CONTENT}/restaurar`,
    mutation(
      VersionOnlySchema,
      (_c, v) => ({ version: version(v.version) }),
      async (c, d) => (await c.var.commerce.backofficeContentRestore(d), `${CONTENT}?ok=restaurado`),
      onPage('status'),
    ),
  );
