import { Hono, type Context } from 'hono';
import type { Operator } from '../../contracts/backoffice';
import { ProductSaveSchema, ProductsQuerySchema } from '../../contracts/catalog-admin';
import type { AppEnv } from '../../env';
import { formatBRL } from '../../lib/format/money';
import { Notice } from '../../ui/account/auth-layout';
import { failure, readForm } from '../account/forms';
import { notFound } from '../not-found';
import { Pager, SearchFilter } from './list-controls';
import { asStaff, formRoutes, invalid, page, type Status } from './operator-frame';
import { ProductForm } from './product-form';
import { PhotoForm } from './photo-form';
import { PhotoList } from './photo-list';
import { PRODUCTS, productInput } from './product-input';
import { UpstreamOwns } from './stock-log';

type Fields = Record<string, string | undefined>;
const upstream = (c: Context<AppEnv>) => c.var.config.upstream !== null;
const owned = (c: Context<AppEnv>, operator: Operator, status: Status = 200) =>
  page(c, operator, PRODUCTS, 'Produtos', <UpstreamOwns what="o catálogo" />, status);

async function listPage(c: Context<AppEnv>, operator: Operator) {
  if (upstream(c)) return owned(c, operator);
  const query = ProductsQuerySchema.safeParse(c.req.query());
  if (!query.success) return invalid(c, operator, PRODUCTS, 'Produtos', query.error.issues[0]!.message);
  const data = await c.var.commerce.backofficeProducts(query.data);
  return page(
    c,
    operator,
    PRODUCTS,
    'Produtos',
    <>
      <p>
        <a className="button button--primary" href={`${PRODUCTS}/novo`}>
          Novo produto
        </a>{' '}
        <a className="button" href="/painel/exportar" download>
          Exportar CSV
        </a>
      </p>
      <SearchFilter id="products-q" action={PRODUCTS} placeholder="Nome, endereço ou SKU" value={query.data.q} />
      <p>
        {data.total} {data.total === 1 ? 'produto' : 'produtos'}
      </p>
      {data.products.length === 0 ? (
        <p className="account__empty">Nenhum produto encontrado.</p>
      ) : (
        <div className="backoffice__scroll">
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">Produto</th>
                <th scope="col">Categoria</th>
                <th scope="col">Variantes</th>
                <th scope="col">A partir de</th>
                <th scope="col">Situação</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((p) => (
                <tr key={p.id} data-testid="product-row">
                  <th scope="row">
                    <a href={`${PRODUCTS}/${p.id}`}>{p.name}</a>
                  </th>
                  <td data-label="Categoria">
                    {p.departmentName} › {p.categoryName}
                  </td>
                  <td data-label="Variantes">{p.variants}</td>
                  <td data-label="A partir de">{formatBRL(p.price)}</td>
                  <td data-label="Situação">{p.published ? 'Publicado' : 'Não publicado'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager path={PRODUCTS} q={query.data.q} page={data.page} pageSize={data.pageSize} total={data.total} />
    </>,
  );
}

/** The product's form (and, for an existing product, its photo upload: `photoError` is that form's refusal). */
export async function formPage(
  c: Context<AppEnv>,
  operator: Operator,
  id: number | null,
  form: { error: string; values: Fields } | null = null,
  status: Status = 200,
  photoError: string | null = null,
) {
  if (upstream(c)) return owned(c, operator, status);
  let product = null;
  if (id !== null) {
    try {
      product = await c.var.commerce.backofficeProduct(id);
    } catch (error) {
      if (failure(error).status === 404) return notFound(c);
      throw error;
    }
  }
  const categories = await c.var.commerce.backofficeCategories();
  return page(
    c,
    operator,
    PRODUCTS,
    product ? product.name : 'Novo produto',
    <>
      {!form && c.req.query('ok') ? (
        <Notice tone="success">Produto salvo. A loja mostra a alteração em instantes.</Notice>
      ) : null}
      {!photoError && c.req.query('foto') ? (
        <Notice tone="success">
          {c.req.query('foto') === 'removida'
            ? 'Foto removida. A loja deixa de mostrá-la em instantes.'
            : 'Foto enviada. A loja mostra a foto em instantes.'}
        </Notice>
      ) : null}
      {product?.published ? (
        <p>
          <a href={`/${encodeURIComponent(product.slug)}/p`}>Ver na loja</a>
        </p>
      ) : null}
      <ProductForm
        product={product}
        categories={categories}
        error={form?.error ?? null}
        values={form?.values ?? null}
      />
      {product ? (
        <PhotoForm
          product={product}
          error={photoError}
          list={<PhotoList product={product} imageHost={c.var.config.imageHost} />}
        />
      ) : null}
    </>,
    status,
  );
}

/** A product's save (`id` from the path: null for a new one). */
const save = (which: (c: Context<AppEnv>) => number | null) =>
  asStaff('catalog:write', async (c, operator) => {
    const id = which(c);
    if (upstream(c)) return owned(c, operator, 409);
    const values = await readForm(c);
    const parsed = ProductSaveSchema.safeParse(productInput(values, id ?? undefined));
    if (!parsed.success) return formPage(c, operator, id, { error: parsed.error.issues[0]!.message, values }, 400);
    try {
      const saved = await c.var.commerce.backofficeProductSave(parsed.data);
      return c.redirect(`${PRODUCTS}/${saved.product.id}?ok=1`, 303);
    } catch (error) {
      const { status, message } = failure(error, c);
      return status === 404 ? notFound(c) : formPage(c, operator, id, { error: message, values }, status);
    }
  });

/** /painel/produtos: the searchable, paginated list; a new product; one product's form (no JS needed). */
export const productRoutes = new Hono<AppEnv>()
  .get(PRODUCTS, asStaff(null, listPage))
  .route('/', formRoutes(PRODUCTS, formPage, save));
