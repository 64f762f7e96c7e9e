import type { AdminCustomer, AdminCustomerRow } from '../../contracts/customers-admin';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contracts/orders';
import { formatCpf } from '../../lib/customer/cpf';
import { formatBRL } from '../../lib/format/money';
import { formatDate } from '../account/orders-view';
import { EXCHANGE_STATUS_LABELS } from '../account/exchanges-view';

export const CUSTOMERS = '/painel/clientes';

export function CustomersTable({ rows }: { rows: AdminCustomerRow[] }) {
  if (rows.length === 0) return <p className="account__empty">Nenhum cliente encontrado.</p>;
  return (
    <div className="backoffice__scroll">
      <table className="orders-table">
        <thead>
          <tr>
            <th scope="col">Cliente</th>
            <th scope="col">CPF</th>
            <th scope="col">Desde</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="customer-row">
              <th scope="row">
                <a href={`${CUSTOMERS}/${r.id}`}>{r.name}</a>
                <br />
                <small>{r.erasedAt ? 'Dados apagados (LGPD)' : r.email}</small>
              </th>
              <td>{r.erasedAt ? '—' : formatCpf(r.cpf)}</td>
              <td>{formatDate(r.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A customer's orders, cashback ledger and exchanges (read-only parts of the page). */
export function CustomerRecords({ customer: c }: { customer: AdminCustomer }) {
  const statuses: Readonly<Record<string, string>> = EXCHANGE_STATUS_LABELS;
  return (
    <>
      <h2>Pedidos</h2>
      {c.orders.length === 0 ? (
        <p className="account__empty">Nenhum pedido.</p>
      ) : (
        <ul data-testid="customer-orders">
          {c.orders.map((o) => (
            <li key={o.id}>
              <a href={`/painel/pedidos/${o.id}`}>Nº {o.id}</a> · {formatDate(o.createdAt)} ·{' '}
              {ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status} · {formatBRL(o.total)}
            </li>
          ))}
        </ul>
      )}
      <h2>Cashback</h2>
      <p>
        Saldo disponível: <strong data-testid="customer-cashback">{formatBRL(c.cashback.balance)}</strong>
      </p>
      {c.cashback.entries.length ? (
        <ul>
          {c.cashback.entries.map((e) => (
            <li key={e.id}>
              {formatDate(e.createdAt)} · {formatBRL(e.amount)}
              {e.note ? ` · ${e.note}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <h2>Trocas e devoluções</h2>
      {c.exchanges.length === 0 ? (
        <p className="account__empty">Nenhuma solicitação.</p>
      ) : (
        <ul>
          {c.exchanges.map((x) => (
            <li key={x.id}>
              Nº {x.id} · pedido {x.orderId} · {x.kind === 'return' ? 'Devolução' : 'Troca'} ·{' '}
              {statuses[x.status] ?? x.status}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
