import { DomainError } from '../domain-error';
import { UPSTREAM_OWNS_CATALOG } from '../catalog-admin/port';
import type { CatalogImportPort } from './port';

/** With COMMERCE_API_URL the upstream owns the catalog: nothing is imported here. */
export function upstreamCatalogImport(): CatalogImportPort {
  const owned = () => Promise.reject(new DomainError('CONFLICT', UPSTREAM_OWNS_CATALOG));
  return {
    backofficeImportDryRun: owned,
    backofficeImportRun: owned,
    backofficeImportJob: owned,
    backofficeCatalogExport: owned,
  };
}
