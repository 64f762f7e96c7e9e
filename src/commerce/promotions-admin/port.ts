import type { AdminCoupon, AdminSeller, CouponSave, PromotionEnd, SellerSave } from '../../contracts/promotions-admin';

/**
 * Coupons and seller codes in the back office (ADR 0031): reads for any staff member, saves with
 * `promotions:write`, each save one guarded batch with its audit row. Embedded backend only: with COMMERCE_API_URL the
 * upstream owns promotions and these answer `CONFLICT` (the pages say so before calling).
 */
export interface PromotionsAdminPort {
  backofficeCoupons(): Promise<AdminCoupon[]>;
  backofficeCoupon(id: number): Promise<AdminCoupon>;
  /** Create (no id) or edit (id + version); a stale version is `CONFLICT`. */
  backofficeCouponSave(input: CouponSave): Promise<AdminCoupon>;
  /** Ends a coupon now (it stays, with its uses: coupons are never deleted). */
  backofficeCouponEnd(input: PromotionEnd): Promise<AdminCoupon>;
  backofficeSellers(): Promise<AdminSeller[]>;
  backofficeSeller(id: number): Promise<AdminSeller>;
  backofficeSellerSave(input: SellerSave): Promise<AdminSeller>;
}
