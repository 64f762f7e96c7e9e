import type { Context } from 'hono';
import type { ContentState } from '../../contracts/content';
import { formatDateTimeSeconds as when } from '../../lib/format/dates';
import { dict } from '../../lib/security/dict';
import type { Operator } from '../../contracts/staff';
import type { AppEnv } from '../../env';
import { Notice } from '../../ui/account/auth-layout';
import { notFound } from '../not-found';
import { BannerForm, HeroForm, StripForm } from './content-forms';
import { EntryForm, MenuTree } from './menu-forms';
import { CONTENT, entryOf, MENU } from './content-input';
import { page, type Status } from './operator-frame';
import { UpstreamOwns } from './stock-log';

// The pages of /painel/conteudo: the draft with its forms, publishing and restoring; a menu entry's form.
type Fields = Record<string, string | undefined>;
/** Which form comes back with an error (and the values it posted). */
export type ContentForm = {
  which: 'strip' | 'banner' | 'hero' | 'status';
  error: string;
  values: Fields | null;
} | null;
const TITLE = 'Conteúdo da loja';
export const upstream = (c: Context<AppEnv>) => c.var.config.upstream !== null;
export const owned = (c: Context<AppEnv>, operator: Operator, status: Status = 200) =>
  page(
    c,
    operator,
    CONTENT,
    TITLE,
    <UpstreamOwns what="o conteúdo da loja (faixa de avisos, banner, destaque da home e Menu-Topo)" />,
    status,
  );

const OK: Readonly<Record<string, string>> = dict({
  rascunho: 'Salvo no rascunho. Veja a prévia e publique quando estiver pronto.',
  publicado: 'Publicado. A loja já mostra o novo conteúdo.',
  restaurado: 'Versão anterior restaurada. A loja já mostra o conteúdo restaurado.',
});

function Status({ state, error }: { state: ContentState; error: string | null }) {
  return (
    <section aria-labelledby="content-status" data-testid="content-status">
      <h2 id="content-status">Publicação</h2>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <p>
        {state.pending
          ? 'O rascunho tem alterações que a loja ainda não mostra.'
          : 'Nada pendente: o rascunho é o conteúdo publicado.'}
      </p>
      <p>
        <a className="button" href={`${CONTENT}/previa`}>
          Ver prévia na loja
        </a>{' '}
        <a href={`${CONTENT}/previa/sair`}>Sair da prévia</a>
      </p>
      <form method="post" action={`${CONTENT}/publicar`} className="backoffice__inline">
        <input type="hidden" name="version" value={String(state.version)} />
        <button type="submit" className="button button--primary" disabled={!state.pending}>
          Publicar
        </button>
      </form>{' '}
      <form method="post" action={`${CONTENT}/restaurar`} className="backoffice__inline">
        <input type="hidden" name="version" value={String(state.version)} />
        <button type="submit" className="button" disabled={!state.canRestore}>
          Restaurar versão anterior
        </button>
      </form>
      {state.releases.length ? (
        <ol className="backoffice__releases" data-testid="content-releases">
          {state.releases.map((r) => (
            <li key={r.id}>
              Versão {r.id}, {when(r.publishedAt)}: {r.staffEmail ?? 'conteúdo anterior ao painel'}
              {r.restoredFrom ? ` (restaurou a versão ${r.restoredFrom})` : ''}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

export async function contentPage(
  c: Context<AppEnv>,
  operator: Operator,
  form: ContentForm = null,
  status: Status = 200,
) {
  if (upstream(c)) return owned(c, operator, status);
  const state = await c.var.commerce.backofficeContent();
  const ok = form ? undefined : OK[c.req.query('ok') ?? ''];
  const props = (which: NonNullable<ContentForm>['which']) => ({
    doc: state.draft,
    version: state.version,
    error: form?.which === which ? form.error : null,
    values: form?.which === which ? form.values : null,
  });
  return page(
    c,
    operator,
    CONTENT,
    TITLE,
    <>
      {ok ? <Notice tone="success">{ok}</Notice> : null}
      <Status state={state} error={form?.which === 'status' ? form.error : null} />
      <h2 id="faixa">Faixa de avisos</h2>
      <StripForm {...props('strip')} />
      <h2 id="banner">Banner de promoção</h2>
      <BannerForm {...props('banner')} />
      <h2 id="destaque">Destaque da home</h2>
      <HeroForm {...props('hero')} />
      <h2 id="menu">Menu-Topo</h2>
      <p>
        <a href={`${MENU}/nova`}>Adicionar entrada no primeiro nível</a>
      </p>
      <MenuTree items={state.draft.menu} version={state.version} />
    </>,
    status,
  );
}

/** A menu entry's page: `id` (an edit) or a new one under `parentId`. */
export async function entryPage(
  c: Context<AppEnv>,
  operator: Operator,
  target: { id: number } | { parentId: number | null },
  form: { error: string; values: Fields | null } | null = null,
  status: Status = 200,
) {
  if (upstream(c)) return owned(c, operator, status);
  const state = await c.var.commerce.backofficeContent();
  const item = 'id' in target ? entryOf(state.draft.menu, target.id) : null;
  const parent = 'parentId' in target && target.parentId !== null ? entryOf(state.draft.menu, target.parentId) : null;
  if (('id' in target && !item) || ('parentId' in target && target.parentId !== null && !parent)) return notFound(c);
  return page(
    c,
    operator,
    CONTENT,
    item ? `Entrada ${item.name}` : `Nova entrada${parent ? ` em ${parent.name}` : ' no primeiro nível'}`,
    <>
      <p>
        <a href={`${CONTENT}#menu`}>Voltar ao conteúdo</a>
      </p>
      <EntryForm
        item={item}
        parentId={parent?.id ?? null}
        version={state.version}
        error={form?.error ?? null}
        values={form?.values ?? null}
      />
    </>,
    status,
  );
}
