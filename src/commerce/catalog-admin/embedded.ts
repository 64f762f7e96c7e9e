import type { StaffGate } from '../staff/service';
import type { CatalogAdminPort } from './port';
import { catalogAdminRepo } from './repo';
import {
  addProductPhoto,
  categoryOptions,
  productForEdit,
  productsPage,
  removeProductPhoto,
  saveProduct,
} from './service';

/** The embedded (D1) catalog editing: reads for any staff member; a save needs `catalog:write` and is audited. */
export function embeddedCatalogAdmin(db: D1Database, staff: StaffGate): CatalogAdminPort {
  const repo = catalogAdminRepo(db);
  return {
    backofficeProducts: async (query) => (await staff.read(), productsPage(repo, query)),
    backofficeProduct: async (id) => (await staff.read(), productForEdit(repo, id)),
    backofficeCategories: async () => (await staff.read(), categoryOptions(repo)),
    backofficeProductPhotoAdd: async (input) => {
      const { row } = await staff.write('catalog:write');
      return addProductPhoto(repo, input, (after) => [
        row({ action: 'product.photo', entity: 'product', entityId: String(input.id), before: null, after }),
      ]);
    },
    backofficeProductPhotoRemove: async (input) => {
      const { operator, row } = await staff.write('catalog:write');
      return removeProductPhoto(repo, input, { staffId: operator.id, now: new Date() }, (before) => [
        row({ action: 'product.photo.remove', entity: 'product', entityId: String(input.id), before, after: null }),
      ]);
    },
    backofficeProductSave: async (input) => {
      const { operator, row } = await staff.write('catalog:write');
      // In the save's batch (it aborts on the version guard), with the before/after of each field the save changes.
      return saveProduct(repo, input, { staffId: operator.id, now: new Date() }, ({ before, after }) => [
        row({
          action: input.id === undefined ? 'product.create' : 'product.update',
          entity: 'product',
          entityId: input.id === undefined ? input.slug : String(input.id),
          before: input.id === undefined ? null : before,
          after,
        }),
      ]);
    },
  };
}
