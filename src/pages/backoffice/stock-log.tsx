import type { StockLogEntry } from '../../contracts/stock-admin';
import { formatDateTime as formatDate } from '../../lib/format/dates';

/** Say-so of proxy mode: the upstream owns catalog and stock; nothing here changes them. */
export function UpstreamOwns({ what }: { what: string }) {
  return (
    <p className="notice notice--error" role="status" data-testid="upstream-owns">
      Esta loja usa um backend externo (COMMERCE_API_URL): {what} pertence a ele. Faça as alterações por lá; nada é
      alterado por este painel.
    </p>
  );
}

export function StockLog({ log, stores }: { log: StockLogEntry[]; stores: Map<string, string> }) {
  if (log.length === 0) return <p className="account__empty">Nenhum ajuste registrado.</p>;
  return (
    <div className="backoffice__scroll">
      <table className="orders-table" data-testid="stock-log">
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Local</th>
            <th scope="col">Motivo</th>
            <th scope="col">Antes</th>
            <th scope="col">Depois</th>
          </tr>
        </thead>
        <tbody>
          {log.map((e) => (
            <tr key={e.id}>
              <td>{formatDate(e.createdAt)}</td>
              <td>{stores.get(e.store) ?? e.store}</td>
              <td>
                {e.reasonLabel}
                {e.note ? (
                  <>
                    <br />
                    <small>{e.note}</small>
                  </>
                ) : null}
              </td>
              <td>{e.before}</td>
              <td>{e.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
