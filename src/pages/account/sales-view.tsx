import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contracts/orders';
import type { SalesReport } from '../../contracts/customers';
import { formatBRL } from '../../lib/format/money';
import { formatDate } from './orders-view';

const MONTH = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthName = (ym: string) => MONTH.format(new Date(`${ym}-15T12:00:00Z`));

/** /minha-conta/vendas: totals by month and the attributed orders (no buyer data). */
export function SalesView({ report }: { report: SalesReport }) {
  if (report.sellers.length === 0) {
    return (
      <p className="account__empty">
        Sua conta não tem um código de vendedor. Se você vende pela Vitrine, fale com sua loja para vinculá-lo.
      </p>
    );
  }
  return (
    <>
      <p>
        Seu código de vendedor: <strong>{report.sellers.map((s) => s.code).join(', ')}</strong>
      </p>
      <h2>Vendas por mês</h2>
      {report.months.length === 0 ? (
        <p className="account__empty">Nenhuma venda confirmada ainda.</p>
      ) : (
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">Mês</th>
              <th scope="col">Pedidos</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {report.months.map((m) => (
              <tr key={m.month} data-testid="sales-month">
                <th scope="row">{monthName(m.month)}</th>
                <td data-label="Pedidos">{m.orders}</td>
                <td data-label="Total">{formatBRL(m.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Pedidos com seu código</h2>
      <ul className="sales-orders">
        {report.orders.map((o) => (
          <li key={o.id}>
            Nº {o.id} · {formatDate(o.createdAt)} · {ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status} ·{' '}
            {formatBRL(o.total)}
          </li>
        ))}
      </ul>
    </>
  );
}
