import type { ImportDryRun, ImportJobState } from '../../contracts/catalog-import';
import { IMPORT_PATH } from '../../http/body-limit';
import { FormError } from '../../ui/account/field';

// The catalog import's views: the upload form, the dry run's report and a job's progress (no JS needed).
export function UploadForm({ error }: { error: string | null }) {
  return (
    <form
      className="account-form"
      method="post"
      action={IMPORT_PATH}
      encType="multipart/form-data"
      data-testid="import-form"
    >
      <FormError text={error} />
      <p>
        Aceita o modelo da Vitrine (handle, nome, descricao, detalhes, categoria, publicado, sku, cor, tamanho, gtin,
        preco, preco_de, estoque_fabrica) e os CSVs de produtos do Shopify (atual e antigo). Primeiro simulamos: nada
        muda até você confirmar. <a href="/painel/exportar">Baixe o catálogo atual neste modelo</a> para editar numa
        planilha.
      </p>
      <div className="field">
        <label htmlFor="import-file">Arquivo CSV (até 4 MB, UTF-8)</label>
        <input id="import-file" type="file" name="arquivo" accept=".csv,text/csv" required />
      </div>
      <button type="submit" className="button button--primary">
        Simular importação
      </button>
    </form>
  );
}

export function DryRunReport({ run }: { run: ImportDryRun }) {
  return (
    <section data-testid="import-report">
      <h2>Simulação: {run.summary}</h2>
      <p>{run.counts.unchanged} sem alteração.</p>
      {run.errors.length > 0 ? (
        <>
          <p className="notice notice--error">
            O arquivo tem linhas com erro: corrija-as e envie de novo. Nada foi importado.
          </p>
          <div className="backoffice__scroll">
            <table className="orders-table" data-testid="import-errors">
              <thead>
                <tr>
                  <th scope="col">Linha</th>
                  <th scope="col">Motivo</th>
                </tr>
              </thead>
              <tbody>
                {run.errors.slice(0, 100).map((e, i) => (
                  <tr key={i}>
                    <td>{e.line}</td>
                    <td>{e.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <details>
            <summary>Erros em CSV (copie para uma planilha)</summary>
            <pre>{run.errorsCsv}</pre>
          </details>
        </>
      ) : null}
      {run.jobId !== null ? (
        <form method="post" action={`${IMPORT_PATH}/${run.jobId}/executar`}>
          <button type="submit" className="button button--primary">
            Confirmar importação
          </button>
        </form>
      ) : null}
    </section>
  );
}

export function JobView({ job }: { job: ImportJobState }) {
  const label = { pending: 'Em andamento', done: 'Concluída', failed: 'Interrompida' }[job.status];
  return (
    <section data-testid="import-job">
      <p>
        {job.summary} · <strong>{label}</strong>: {job.done} de {job.total} produtos aplicados.
      </p>
      <FormError text={job.error} />
      {job.status !== 'done' ? (
        <form method="post" action={`${IMPORT_PATH}/${job.id}/executar`}>
          <button type="submit" className="button button--primary">
            {job.status === 'failed' ? 'Retomar importação' : 'Continuar importação'}
          </button>
        </form>
      ) : null}
    </section>
  );
}
