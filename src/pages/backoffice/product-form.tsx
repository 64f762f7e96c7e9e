import type { AdminProduct, CategoryOption } from '../../contracts/catalog-admin';
import { validGtin } from '../../lib/catalog/gtin';
import { formatAmount } from '../../lib/format/money';
import { FormError } from '../../ui/account/field';

import { PRODUCTS } from './product-input';

type Fields = Record<string, string | undefined>;
const reais = (cents: number | null) => (cents === null ? '' : formatAmount(cents));

function Field(props: {
  id: string;
  label: string;
  name: string;
  value?: string;
  required?: boolean;
  textarea?: boolean;
  hint?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.textarea ? (
        <textarea id={props.id} name={props.name} rows={4} maxLength={2000} defaultValue={props.value ?? ''} />
      ) : (
        <input id={props.id} name={props.name} required={props.required} defaultValue={props.value ?? ''} />
      )}
      {props.hint ? <small>{props.hint}</small> : null}
    </div>
  );
}

/** Create (no product) or edit; `values` are what was posted when the form comes back with an error. */
export function ProductForm(props: {
  product: AdminProduct | null;
  categories: CategoryOption[];
  error: string | null;
  values: Fields | null;
}) {
  const p = props.product;
  const v = (name: string, fallback: string) => props.values?.[name] ?? fallback;
  const action = p ? `${PRODUCTS}/${p.id}` : PRODUCTS;
  return (
    <form className="account-form backoffice__product" method="post" action={action} data-testid="product-form">
      <FormError text={props.error} />
      {p ? <input type="hidden" name="version" value={String(p.version)} /> : null}
      <Field id="product-name" label="Nome" name="name" required value={v('name', p?.name ?? '')} />
      <Field
        id="product-slug"
        label="Endereço (slug)"
        name="slug"
        required
        value={v('slug', p?.slug ?? '')}
        hint="Letras minúsculas, números e hífens: /endereco/p"
      />
      <div className="field">
        <label htmlFor="product-category">Categoria (departamento: gênero/idade › categoria)</label>
        <select id="product-category" name="category" required defaultValue={v('category', p?.category ?? '')}>
          <option value="">Escolha…</option>
          {props.categories.map((c) => (
            <option key={c.category} value={c.category}>
              {c.departmentName} › {c.categoryName}
            </option>
          ))}
        </select>
      </div>
      <Field
        id="product-description"
        label="Descrição"
        name="description"
        textarea
        value={v('description', p?.description ?? '')}
      />
      <Field id="product-details" label="Detalhes" name="details" textarea value={v('details', p?.details ?? '')} />
      <div className="field field--check">
        <input
          id="product-published"
          type="checkbox"
          name="published"
          defaultChecked={props.values ? props.values.published === 'on' : (p?.published ?? false)}
        />
        <label htmlFor="product-published">Publicado na loja</label>
      </div>
      {p && p.variants.length > 0 ? (
        <fieldset>
          <legend>Variantes</legend>
          <div className="backoffice__scroll">
            <table className="orders-table">
              <thead>
                <tr>
                  <th scope="col">SKU</th>
                  <th scope="col">Cor</th>
                  <th scope="col">Tamanho</th>
                  <th scope="col">GTIN</th>
                  <th scope="col">Preço (R$)</th>
                  <th scope="col">Preço &quot;de&quot; (R$)</th>
                </tr>
              </thead>
              <tbody>
                {p.variants.map((variant, i) => (
                  <tr key={variant.sku}>
                    <td>
                      <input aria-label="SKU" name={`sku_${i}`} size={14} defaultValue={v(`sku_${i}`, variant.sku)} />
                    </td>
                    <td>
                      <input
                        aria-label="Cor"
                        name={`color_${i}`}
                        size={10}
                        defaultValue={v(`color_${i}`, variant.color)}
                      />
                    </td>
                    <td>
                      <input
                        aria-label="Tamanho"
                        name={`size_${i}`}
                        size={4}
                        defaultValue={v(`size_${i}`, variant.size)}
                      />
                    </td>
                    <td>
                      <input
                        aria-label="GTIN"
                        name={`gtin_${i}`}
                        size={14}
                        inputMode="numeric"
                        defaultValue={v(`gtin_${i}`, variant.gtin ?? '')}
                      />
                      {variant.gtin && !validGtin(variant.gtin) ? (
                        <small>Dígito verificador inválido: fica fora do feed do Google até ser corrigido.</small>
                      ) : null}
                    </td>
                    <td>
                      <input
                        aria-label="Preço"
                        name={`price_${i}`}
                        size={8}
                        defaultValue={v(`price_${i}`, reais(variant.price))}
                      />
                    </td>
                    <td>
                      <input
                        aria-label="Preço de"
                        name={`compare_${i}`}
                        size={8}
                        defaultValue={v(`compare_${i}`, reais(variant.compareAt))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>
      ) : null}
      <fieldset>
        <legend>{p ? 'Adicionar variantes (cores × tamanhos)' : 'Variantes (cores × tamanhos)'}</legend>
        <Field id="new-colors" label="Cores (separadas por vírgula)" name="newColors" value={v('newColors', '')} />
        <Field id="new-sizes" label="Tamanhos (separados por vírgula)" name="newSizes" value={v('newSizes', '')} />
        <Field id="new-price" label="Preço (R$)" name="newPrice" value={v('newPrice', '')} />
        <Field id="new-compare" label='Preço "de" (R$, opcional)' name="newCompare" value={v('newCompare', '')} />
        <Field id="sku-prefix" label="Prefixo do SKU (opcional)" name="skuPrefix" value={v('skuPrefix', '')} />
      </fieldset>
      <button type="submit" className="button button--primary">
        {p ? 'Salvar produto' : 'Criar produto'}
      </button>
    </form>
  );
}
