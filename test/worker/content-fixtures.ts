import { env } from 'cloudflare:workers';
import type { ContentDoc } from '../../src/contracts/content';
import type { MenuItem } from '../../src/contracts/menus';
import type { Permission } from '../../src/commerce/staff/permissions';
import { ORIGIN, type TestApp } from './app-harness';

// The content section's requests (ADR 0033), shared by its own test, the role × route matrix and the fuzz test.
type Fields = Record<string, string>;
export const postForm = (fields: Fields, cookie: string): RequestInit => ({
  method: 'POST',
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});

export const draftVersion = async () =>
  String((await env.DB.prepare('SELECT version FROM content_draft WHERE id = 1').first<number>('version'))!);
export const draftBody = async (): Promise<ContentDoc | null> => {
  const body = await env.DB.prepare('SELECT body FROM content_draft WHERE id = 1').first<string | null>('body');
  return body ? (JSON.parse(body) as ContentDoc) : null;
};
/** The id of the draft's (else the live menu's) entry named `name`. */
export async function entryId(name: string): Promise<number> {
  const walk = (items: MenuItem[]): number | null => {
    for (const i of items) if (i.name === name) return i.id;
    for (const i of items) {
      const inner = walk(i.items);
      if (inner) return inner;
    }
    return null;
  };
  const draft = await draftBody();
  const id = draft
    ? walk(draft.menu)
    : await env.DB.prepare('SELECT id FROM menu_items WHERE name = ? ORDER BY id DESC').bind(name).first<number>('id');
  if (!id) throw new Error(`no menu entry ${name}`);
  return id;
}

let seq = 0;
export const tag = () => `${Date.now().toString(36)}${(seq += 1)}`;
export const stripFields = (version: string, first = `Frete expresso grátis acima de R$ 499* ${tag()}`): Fields => ({
  version,
  text_0: first,
  href_0: '/entregas',
  text_1: '10% de cashback em todas as compras*',
  href_1: '/cashback',
  text_2: 'Compre pelo WhatsApp com a nossa equipe',
  href_2: '/whts-lojas',
  text_3: 'Cuidado com perfis falsos: confira nossos canais oficiais',
  href_3: '',
  text_4: 'Use o cupom de um vendedor e ganhe 10% de desconto*',
  href_4: '/perguntas-frequentes',
});
export const bannerFields = (version: string, extra: Fields = {}): Fields => ({
  version,
  text: `<strong>Semana do Verão</strong> ${tag()}`,
  endsAt: '',
  link: '/moda-praia',
  buttonText: 'Aproveitar',
  whatsappLink: 'https://api.whatsapp.com/send?phone=5511987654321',
  coupon: 'VERAO10',
  timer: 'on',
  ...extra,
});
export const heroFields = (version: string, extra: Fields = {}): Fields => ({
  version,
  kicker: 'Coleção Verão 2027',
  title: `Sol, mar e movimento ${tag()}`,
  text: 'Biquínis, maiôs e saídas de praia.',
  primaryText: 'Comprar moda praia',
  primaryHref: '/moda-praia',
  secondaryText: 'Ver fitness',
  secondaryHref: '/fitness',
  ...extra,
});
export const entryFields = (version: string, extra: Fields = {}): Fields => ({
  version,
  name: `Corrida ${tag()}`,
  slug: 'fitness/corrida',
  displayType: 'column',
  url: '',
  typeLink: '',
  destinyLink: '',
  color: '',
  cssClass: '',
  image: '',
  buttonText: '',
  ...extra,
});

interface Mutation {
  permission: Permission | null;
  ok: number;
  prepare: (
    app: TestApp,
    donoCookie: string,
  ) => Promise<{ path: string; init: (cookie: string) => RequestInit; fields: Fields }>;
}
const post = (path: string, fields: Fields) => ({ path, fields, init: (cookie: string) => postForm(fields, cookie) });
/** A new entry under Fitness (1280) through the form; its id. */
export async function addedEntry(app: TestApp, cookie: string, extra: Fields = {}): Promise<number> {
  const fields = entryFields(await draftVersion(), { parentId: '1280', ...extra });
  const res = await app.request('/painel/conteudo/menu', postForm(fields, cookie));
  if (res.status !== 303) throw new Error(`add entry: ${res.status} ${await res.text()}`);
  return entryId(fields.name!);
}
/** A pending draft (a strip edit), then published: the release a restore goes back from. */
export async function published(app: TestApp, cookie: string): Promise<void> {
  await app.request('/painel/conteudo/faixa', postForm(stripFields(await draftVersion()), cookie));
  const res = await app.request('/painel/conteudo/publicar', postForm({ version: await draftVersion() }, cookie));
  if (res.status !== 303) throw new Error(`publish: ${res.status} ${await res.text()}`);
}

/** Every content mutation route as the router lists it, with a fresh valid request (`content:write` written here). */
export const CONTENT_MUTATIONS: Record<string, Mutation> = {
  'POST /painel/conteudo/faixa': {
    permission: 'content:write',
    ok: 303,
    prepare: async () => post('/painel/conteudo/faixa', stripFields(await draftVersion())),
  },
  'POST /painel/conteudo/banner': {
    permission: 'content:write',
    ok: 303,
    prepare: async () => post('/painel/conteudo/banner', bannerFields(await draftVersion())),
  },
  'POST /painel/conteudo/destaque': {
    permission: 'content:write',
    ok: 303,
    prepare: async () => post('/painel/conteudo/destaque', heroFields(await draftVersion())),
  },
  'POST /painel/conteudo/menu': {
    permission: 'content:write',
    ok: 303,
    prepare: async () =>
      post(
        '/painel/conteudo/menu',
        entryFields(await draftVersion(), {
          parentId: '1280',
          displayType: 'banner',
          image: 'linha-performance.webp',
          buttonText: 'Correr agora',
        }),
      ),
  },
  'POST /painel/conteudo/menu/:id{[0-9]{1,9}}': {
    permission: 'content:write',
    ok: 303,
    prepare: async (app, dono) =>
      post(
        `/painel/conteudo/menu/${await addedEntry(app, dono)}`,
        entryFields(await draftVersion(), { name: `Trilha ${tag()}` }),
      ),
  },
  'POST /painel/conteudo/menu/:id{[0-9]{1,9}}/remover': {
    permission: 'content:write',
    ok: 303,
    prepare: async (app, dono) =>
      post(`/painel/conteudo/menu/${await addedEntry(app, dono)}/remover`, { version: await draftVersion() }),
  },
  'POST /painel/conteudo/menu/:id{[0-9]{1,9}}/mover': {
    permission: 'content:write',
    ok: 303,
    prepare: async (app, dono) =>
      post(`/painel/conteudo/menu/${await addedEntry(app, dono)}/mover`, {
        version: await draftVersion(),
        direction: 'up',
      }),
  },
  'POST /painel/conteudo/publicar': {
    permission: 'content:write',
    ok: 303,
    prepare: async (app, dono) => {
      await app.request('/painel/conteudo/faixa', postForm(stripFields(await draftVersion()), dono));
      return post('/painel/conteudo/publicar', { version: await draftVersion() });
    },
  },
  'POST /painel/conteudo/restaurar': {
    permission: 'content:write',
    ok: 303,
    prepare: async (app, dono) => {
      await published(app, dono);
      return post('/painel/conteudo/restaurar', { version: await draftVersion() });
    },
  },
};
