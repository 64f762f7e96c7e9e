import { Hono, type Context } from 'hono';
import type { Operator } from '../../contracts/backoffice';
import { StockAdjustmentSchema, StockQuerySchema } from '../../contracts/stock-admin';
import { DomainError } from '../../commerce/domain-error';
import type { AppEnv } from '../../env';
import { Notice } from '../../ui/account/auth-layout';
import { failure, readForm } from '../account/forms';
import { notFound } from '../not-found';
import { Pager, SearchFilter } from './list-controls';
import { asStaff, invalid, page, type Status } from './operator-frame';
import { StockLog, UpstreamOwns } from './stock-log';
import { skuHref, STOCK, StockForms, StockTable, type StockFormState, type StockMode } from './stock-view';

const SKU_PARAM = '{[A-Za-z0-9._-]{1,64}}';
const upstream = (c: Context<AppEnv>) => c.var.config.upstream !== null;

async function listPage(c: Context<AppEnv>, operator: Operator) {
  if (upstream(c)) return page(c, operator, STOCK, 'Estoque', <UpstreamOwns what="o estoque" />);
  const query = StockQuerySchema.safeParse(c.req.query());
  if (!query.success) return invalid(c, operator, STOCK, 'Estoque', query.error.issues[0]!.message);
  const data = await c.var.commerce.backofficeStock(query.data);
  return page(
    c,
    operator,
    STOCK,
    'Estoque',
    <>
      <SearchFilter id="stock-q" action={STOCK} placeholder="SKU ou nome do produto" value={query.data.q} />
      <p>
        {data.total} {data.total === 1 ? 'SKU' : 'SKUs'}
      </p>
      <StockTable data={data} />
      <Pager path={STOCK} q={query.data.q} page={data.page} pageSize={data.pageSize} total={data.total} />
    </>,
  );
}

async function skuPage(
  c: Context<AppEnv>,
  operator: Operator,
  sku: string,
  form: StockFormState | null = null,
  status: Status = 200,
) {
  if (upstream(c)) return page(c, operator, STOCK, 'Estoque', <UpstreamOwns what="o estoque" />, status);
  let data;
  try {
    data = await c.var.commerce.backofficeStockSku(sku);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return notFound(c);
    throw error;
  }
  const stores = new Map(data.sku.locations.map((l) => [l.store, l.storeName]));
  return page(
    c,
    operator,
    STOCK,
    `Estoque de ${data.sku.sku}`,
    <>
      {!form && c.req.query('ok') ? <Notice tone="success">Ajuste salvo.</Notice> : null}
      <p>
        {data.sku.productName} · {data.sku.colorName} · {data.sku.size} · <a href={STOCK}>Voltar ao estoque</a>
      </p>
      <StockForms item={data.sku} form={form} readOnly={false} />
      <h2>Ajustes recentes</h2>
      <StockLog log={data.log} stores={stores} />
    </>,
    status,
  );
}

/** The form's fields as the API's adjustment (entrada/saída → a signed delta, contagem → the counted quantity). */
function adjustmentOf(values: Record<string, string | undefined>) {
  const mode = values.mode as StockMode | undefined;
  const amount = values.amount?.trim() ?? '';
  const n = /^\d{1,6}$/.test(amount) ? Number(amount) : Number.NaN;
  const move =
    mode === 'contagem'
      ? { quantity: n }
      : mode === 'saida'
        ? { delta: -n }
        : mode === 'entrada'
          ? { delta: n }
          : { delta: Number.NaN };
  return StockAdjustmentSchema.safeParse({
    sku: values.sku,
    store: values.store,
    reason: values.reason,
    note: values.note,
    version: values.version,
    ...move,
  });
}

/** /painel/estoque: SKUs with their stock per location; one SKU's forms and adjustment log. */
export const stockRoutes = new Hono<AppEnv>()
  .get(STOCK, asStaff(null, listPage))
  .get(
    `${STOCK}/sku/:sku${SKU_PARAM}`,
    asStaff(null, (c, operator) => skuPage(c, operator, c.req.param('sku') ?? '')),
  )
  .post(
    `${STOCK}/ajustar`,
    asStaff('stock:write', async (c, operator) => {
      if (upstream(c)) return page(c, operator, STOCK, 'Estoque', <UpstreamOwns what="o estoque" />, 409);
      const values = await readForm(c);
      const raw = values.sku ?? '';
      const sku = /^[A-Za-z0-9._-]{1,64}$/.test(raw) ? raw : null;
      if (!sku) return invalid(c, operator, STOCK, 'Estoque', 'SKU inválido.');
      const form = (error: string): StockFormState => ({ store: values.store ?? '', error, values });
      const parsed = adjustmentOf(values);
      if (!parsed.success) {
        const message =
          values.mode && /^\d{1,6}$/.test(values.amount?.trim() ?? '')
            ? parsed.error.issues[0]!.message
            : 'Informe a quantidade como número inteiro.';
        return skuPage(c, operator, sku, form(message), 400);
      }
      try {
        await c.var.commerce.backofficeStockAdjust(parsed.data);
        return c.redirect(`${skuHref(sku)}?ok=1`, 303);
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404 ? notFound(c) : skuPage(c, operator, sku, form(message), status);
      }
    }),
  );
