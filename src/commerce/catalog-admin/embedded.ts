import type { OperatorCheck } from '../stock-admin/port';
import type { CatalogAdminPort } from './port';
import { catalogAdminRepo } from './repo';
import { categoryOptions, productForEdit, productsPage, saveProduct } from './service';

/** The embedded (D1) catalog editing; every call checks the operator first. */
export function embeddedCatalogAdmin(db: D1Database, operator: OperatorCheck): CatalogAdminPort {
  const repo = catalogAdminRepo(db);
  return {
    backofficeProducts: async (query) => (await operator(), productsPage(repo, query)),
    backofficeProduct: async (id) => (await operator(), productForEdit(repo, id)),
    backofficeCategories: async () => (await operator(), categoryOptions(repo)),
    backofficeProductSave: async (input) => {
      const who = await operator();
      return saveProduct(repo, input, { staffId: who.id, now: new Date() });
    },
  };
}
