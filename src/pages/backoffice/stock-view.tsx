import { STOCK_REASONS, type StockPage, type StockSku } from '../../contracts/stock-admin';
import { FormError } from '../../ui/account/field';

export const STOCK = '/painel/estoque';
export const skuHref = (sku: string) => `${STOCK}/sku/${encodeURIComponent(sku)}`;

/** The form's three ways to move stock; `contagem` sets the counted on-hand. */
export const STOCK_MODES = {
  entrada: 'Entrada (+)',
  saida: 'Saída (−)',
  contagem: 'Contagem (quantidade final)',
} as const;
export type StockMode = keyof typeof STOCK_MODES;

export function StockTable({ data }: { data: StockPage }) {
  if (data.items.length === 0) return <p className="account__empty">Nenhum SKU encontrado.</p>;
  const stores = data.items[0]!.locations;
  return (
    <div className="backoffice__scroll">
      <table className="orders-table stock-table">
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Produto</th>
            {stores.map((s) => (
              <th key={s.store} scope="col">
                {s.storeName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.items.map((item) => (
            <tr key={item.sku} data-testid="stock-row">
              <th scope="row">
                <a href={skuHref(item.sku)}>{item.sku}</a>
              </th>
              <td>
                {item.productName}
                <br />
                <small>
                  {item.colorName} · {item.size}
                </small>
              </td>
              {item.locations.map((l) => (
                <td key={l.store}>{l.quantity}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface StockFormState {
  store: string;
  error: string;
  values: Record<string, string | undefined>;
}

/** One form per location: how much in/out (or the count), why, and the version the page was read at. */
export function StockForms(props: { item: StockSku; form: StockFormState | null; readOnly: boolean }) {
  return (
    <div className="backoffice__locations">
      {props.item.locations.map((l) => {
        const mine = props.form?.store === l.store ? props.form : null;
        const id = (name: string) => `stock-${l.store}-${name}`;
        return (
          <form
            key={l.store}
            className="account-form backoffice__step"
            method="post"
            action={`${STOCK}/ajustar`}
            data-testid="stock-form"
          >
            <h2>{l.storeName}</h2>
            <p>
              Em estoque: <strong data-testid={`stock-${l.store}`}>{l.quantity}</strong>
            </p>
            {props.readOnly ? null : (
              <>
                <FormError text={mine?.error ?? null} />
                <input type="hidden" name="sku" value={props.item.sku} />
                <input type="hidden" name="store" value={l.store} />
                <input type="hidden" name="version" value={String(l.version)} />
                <div className="field">
                  <label htmlFor={id('mode')}>Tipo</label>
                  <select id={id('mode')} name="mode" defaultValue={mine?.values.mode ?? 'entrada'}>
                    {Object.entries(STOCK_MODES).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={id('amount')}>Quantidade</label>
                  <input
                    id={id('amount')}
                    name="amount"
                    inputMode="numeric"
                    pattern="[0-9]{1,6}"
                    required
                    defaultValue={mine?.values.amount ?? ''}
                  />
                </div>
                <div className="field">
                  <label htmlFor={id('reason')}>Motivo</label>
                  <select id={id('reason')} name="reason" required defaultValue={mine?.values.reason ?? ''}>
                    <option value="">Escolha…</option>
                    {Object.entries(STOCK_REASONS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={id('note')}>Observação (opcional)</label>
                  <input id={id('note')} name="note" maxLength={200} defaultValue={mine?.values.note ?? ''} />
                </div>
                <button type="submit" className="button button--primary">
                  Salvar ajuste
                </button>
              </>
            )}
          </form>
        );
      })}
    </div>
  );
}
