import { DomainError } from '../domain-error';
import { UPSTREAM_OWNS_CATALOG, type CatalogAdminPort } from './port';

/** With COMMERCE_API_URL the upstream owns the catalog: nothing here reads or changes it. */
export function upstreamCatalogAdmin(): CatalogAdminPort {
  const owned = () => Promise.reject(new DomainError('CONFLICT', UPSTREAM_OWNS_CATALOG));
  return {
    backofficeProducts: owned,
    backofficeProduct: owned,
    backofficeCategories: owned,
    backofficeProductSave: owned,
    backofficeProductPhotoAdd: owned,
    backofficeProductPhotoRemove: owned,
  };
}
