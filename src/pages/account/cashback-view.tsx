import type { CashbackStatement } from '../../contracts/customers';
import { formatBRL } from '../../lib/format/money';
import { formatDay as day } from '../../lib/format/dates';
import { KIND_LABELS } from './exchanges-view';
import { dict } from '../../lib/security/dict';

const KIND: Record<CashbackStatement['entries'][number]['kind'], string> = dict({
  accrual: 'Crédito de compra',
  debit: 'Usado em compra',
  expiry: 'Expirado',
  adjustment: 'Ajuste',
});

/**
 * What an entry is about: an order, or an exchange's refund (`exchange:<id>`, back office) and the take-back of
 * the cashback its goods earned (`exchange:<id>:accrual`), named as the exchanges page names the request.
 */
function source(entry: CashbackStatement['entries'][number]): string {
  const exchange = entry.orderId?.match(/^exchange:([0-9]+)(:accrual)?$/);
  if (!exchange) return KIND[entry.kind] + (entry.orderId ? ` · pedido ${entry.orderId}` : '');
  const request = `${entry.exchangeKind ? KIND_LABELS[entry.exchangeKind] : 'Troca/devolução'} nº ${exchange[1]}`;
  return exchange[2] ? `Estorno do cashback · ${request}` : `Reembolso · ${request}`;
}

/** /minha-conta/cashback: balance, credit on its way, the next expiry and the ledger. */
export function CashbackView({ statement, now }: { statement: CashbackStatement; now: Date }) {
  return (
    <>
      <dl className="cashback-summary">
        <div>
          <dt>Saldo disponível</dt>
          <dd data-testid="cashback-balance">{formatBRL(statement.balance)}</dd>
        </div>
        <div>
          <dt>A liberar</dt>
          <dd>{formatBRL(statement.pending)}</dd>
        </div>
        {statement.nextExpiry ? (
          <div>
            <dt>Próximo vencimento</dt>
            <dd>
              {formatBRL(statement.nextExpiry.amount)} em {day(statement.nextExpiry.at)}
            </dd>
          </div>
        ) : null}
      </dl>
      <p>
        Você ganha 10% de cashback em todas as compras. O crédito é liberado 30 dias após a compra e vale por 180 dias.
      </p>
      {statement.entries.length === 0 ? (
        <p className="account__empty">Nenhuma movimentação ainda.</p>
      ) : (
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Movimento</th>
              <th scope="col">Valor</th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {statement.entries.map((e) => (
              <tr key={e.id} data-testid="cashback-entry">
                <td data-label="Data">{day(e.createdAt)}</td>
                <td data-label="Movimento">{source(e)}</td>
                <td data-label="Valor">{formatBRL(e.amount)}</td>
                <td data-label="Situação">
                  {e.kind !== 'accrual'
                    ? '—'
                    : new Date(e.availableAt) > now
                      ? `Libera em ${day(e.availableAt)}`
                      : e.expiresAt && new Date(e.expiresAt) <= now
                        ? `Expirou em ${day(e.expiresAt)}`
                        : e.expiresAt
                          ? `Vence em ${day(e.expiresAt)}`
                          : 'Disponível'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
