import { COUPON_KINDS, type AdminCoupon } from '../../contracts/promotions-admin';
import { formatDateTime } from '../../lib/format/dates';
import { formatBRL } from '../../lib/format/money';
import { COUPONS } from './coupon-input';

/** What a coupon gives, in one line. */
export function couponValue(c: AdminCoupon): string {
  const min = c.minSubtotal > 0 ? ` a partir de ${formatBRL(c.minSubtotal)}` : '';
  if (c.kind === 'percentage') return `${c.value}%${min}`;
  if (c.kind === 'fixed') return `${formatBRL(c.value)}${min}`;
  return `${COUPON_KINDS[c.kind]}${min}`;
}

/** Where a coupon stands now: scheduled, running, used up or ended. */
export function couponState(c: AdminCoupon, now: string): string {
  if (c.endsAt !== null && c.endsAt <= now) return 'Encerrado';
  if (c.startsAt !== null && c.startsAt > now) return `Agendado (${formatDateTime(c.startsAt)})`;
  if (c.usageLimit !== null && c.used >= c.usageLimit) return 'Esgotado';
  return c.endsAt ? `Ativo até ${formatDateTime(c.endsAt)}` : 'Ativo';
}

export function CouponsTable({ coupons, now }: { coupons: AdminCoupon[]; now: string }) {
  if (coupons.length === 0) return <p className="account__empty">Nenhum cupom.</p>;
  return (
    <div className="backoffice__scroll">
      <table className="orders-table">
        <thead>
          <tr>
            <th scope="col">Código</th>
            <th scope="col">Desconto</th>
            <th scope="col">Situação</th>
            <th scope="col">Usos</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={c.id} data-testid="coupon-row">
              <th scope="row">
                <a href={`${COUPONS}/${c.id}`}>{c.code}</a>
              </th>
              <td>
                {couponValue(c)}
                {c.categories.length ? (
                  <>
                    <br />
                    <small>Só: {c.categories.join(', ')}</small>
                  </>
                ) : null}
              </td>
              <td>{couponState(c, now)}</td>
              <td>
                {c.used}
                {c.usageLimit === null ? '' : ` / ${c.usageLimit}`}
                {c.reserved ? <small> (+{c.reserved} em sacolas)</small> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
