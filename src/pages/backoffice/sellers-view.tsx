import type { AdminSeller } from '../../contracts/promotions-admin';
import { SELLERS } from './coupon-input';

/** Seller codes with the orders attributed to each. */
export function SellersTable({ sellers }: { sellers: AdminSeller[] }) {
  if (sellers.length === 0) return <p className="account__empty">Nenhum código de vendedor.</p>;
  return (
    <div className="backoffice__scroll">
      <table className="orders-table">
        <thead>
          <tr>
            <th scope="col">Código</th>
            <th scope="col">Vendedor</th>
            <th scope="col">Desconto</th>
            <th scope="col">Pedidos</th>
            <th scope="col">Situação</th>
          </tr>
        </thead>
        <tbody>
          {sellers.map((s) => (
            <tr key={s.id} data-testid="seller-row">
              <th scope="row">
                <a href={`${SELLERS}/${s.id}`}>{s.code}</a>
              </th>
              <td>{s.name}</td>
              <td>
                {s.discountPct}%{s.freeNormalShipping ? ' + frete normal grátis' : ''}
                {s.freeExpressShipping ? ' + frete expresso grátis' : ''}
              </td>
              <td>{s.orders}</td>
              <td>{s.active ? 'Ativo' : 'Inativo'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
