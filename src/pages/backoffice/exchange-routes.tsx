import { Hono, type Context } from 'hono';
import { BackofficeExchangesQuerySchema, ExchangeStatusChangeSchema, type Operator } from '../../contracts/backoffice';
import type { AppEnv } from '../../env';
import { safeRedirect } from '../../lib/security/safe-path';
import { Notice } from '../../ui/account/auth-layout';
import { FormError } from '../../ui/account/field';
import { EXCHANGE_STATUS_LABELS } from '../account/exchanges-view';
import { failure, readForm } from '../account/forms';
import { ExchangeQueue } from './exchanges-view';
import { Pager, StatusFilter } from './list-controls';
import { asStaff, EXCHANGES, idParam, invalid, page, type Status } from './operator-frame';

async function exchangesPage(
  c: Context<AppEnv>,
  operator: Operator,
  raw: Record<string, string>,
  failed: { id: number; error: string } | null = null,
  status: Status = 200,
) {
  const query = BackofficeExchangesQuerySchema.safeParse(raw);
  if (!query.success) return invalid(c, operator, EXCHANGES, 'Trocas e devoluções', query.error.issues[0]!.message);
  const data = await c.var.commerce.backofficeExchanges(query.data);
  const back = `${EXCHANGES}?${new URLSearchParams(raw)}`;
  const ok = Number(raw.ok) || null;
  return page(
    c,
    operator,
    EXCHANGES,
    'Trocas e devoluções',
    <>
      {ok && !failed ? <Notice tone="success">Solicitação nº {ok} atualizada.</Notice> : null}
      <FormError text={failed ? `Solicitação nº ${failed.id}: ${failed.error}` : null} />
      <StatusFilter action={EXCHANGES} labels={EXCHANGE_STATUS_LABELS} value={query.data.status} allLabel="Todas" />
      <p>
        {data.total} {data.total === 1 ? 'solicitação' : 'solicitações'} · as mais antigas primeiro
      </p>
      <ExchangeQueue exchanges={data.exchanges} back={back.replace(/[?&]ok=[^&]*/, '')} failed={failed} />
      <Pager path={EXCHANGES} status={query.data.status} page={data.page} pageSize={data.pageSize} total={data.total} />
    </>,
    status,
  );
}

/** Where a processed exchange form returns: the page it came from (a /painel path only), marked ok. */
function backTo(c: Context<AppEnv>, raw: string | undefined, id: number): URL {
  const origin = new URL(c.req.url).origin;
  const path = safeRedirect(raw, EXCHANGES, origin);
  const url = new URL(path.startsWith('/painel/') ? path : EXCHANGES, origin);
  url.searchParams.set('ok', String(id));
  url.hash = `troca-${id}`;
  return url;
}

/** /painel/trocas: the queue, oldest first, and a status change that returns to the page it came from. */
export const exchangeRoutes = new Hono<AppEnv>()
  .get(
    EXCHANGES,
    asStaff(null, (c, operator) => exchangesPage(c, operator, c.req.query())),
  )
  .post(
    `${EXCHANGES}/:id{[0-9]{1,9}}/status`,
    asStaff('exchanges:write', async (c, operator) => {
      const id = idParam(c);
      const values = await readForm(c);
      const back = backTo(c, values.back, id);
      const retry = (error: string, status: Status) => {
        const raw = Object.fromEntries([...back.searchParams].filter(([key]) => key !== 'ok'));
        return exchangesPage(c, operator, back.pathname === EXCHANGES ? raw : {}, { id, error }, status);
      };
      const parsed = ExchangeStatusChangeSchema.safeParse({ to: values.to, note: values.note });
      if (!parsed.success) return retry(parsed.error.issues[0]!.message, 400);
      try {
        await c.var.commerce.backofficeExchangeStatus(id, parsed.data);
        return c.redirect(back.pathname + back.search + back.hash, 303);
      } catch (error) {
        const { status, message } = failure(error, c);
        return retry(message, status);
      }
    }),
  );
