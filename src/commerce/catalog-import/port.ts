import type { ImportDryRun, ImportJobState } from '../../contracts/catalog-import';

/** The catalog CSV import in the back office: the operator only; upstream: refused (ADR 0030). */
export interface CatalogImportPort {
  /** The CSV's dry run; without row errors it also stores the import job to confirm (`jobId`). */
  backofficeImportDryRun(csv: string): Promise<ImportDryRun>;
  /** Runs the job's next products (one run stays within D1's per-invocation limits); call again until done. */
  backofficeImportRun(jobId: number): Promise<ImportJobState>;
  backofficeImportJob(jobId: number): Promise<ImportJobState>;
  /** The whole catalog (gifts aside) in Vitrine's template, stock at `fabrica` included: importing it back changes nothing. */
  backofficeCatalogExport(): Promise<string>;
}
