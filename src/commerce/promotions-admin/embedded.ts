import type { StaffGate } from '../staff/service';
import type { PromotionsAdminPort } from './port';
import { promotionsAdminRepo } from './repo';
import { couponOrThrow, endCoupon, saveCoupon, saveSeller, sellerOrThrow } from './service';

/** The embedded (D1) coupons and seller codes: reads for any staff member; saves need `promotions:write` and are audited. */
export function embeddedPromotionsAdmin(
  db: D1Database,
  staff: StaffGate,
  now: () => Date = () => new Date(),
): PromotionsAdminPort {
  const repo = promotionsAdminRepo(db);
  return {
    backofficeCoupons: async () => (await staff.read(), repo.coupons(now().toISOString())),
    backofficeCoupon: async (id) => (await staff.read(), couponOrThrow(repo, id, now())),
    backofficeCouponSave: async (input) => saveCoupon(repo, await staff.write('promotions:write'), input, now()),
    backofficeCouponEnd: async (input) => endCoupon(repo, await staff.write('promotions:write'), input, now()),
    backofficeSellers: async () => (await staff.read(), repo.sellers()),
    backofficeSeller: async (id) => (await staff.read(), sellerOrThrow(repo, id)),
    backofficeSellerSave: async (input) => saveSeller(repo, await staff.write('promotions:write'), input),
  };
}
