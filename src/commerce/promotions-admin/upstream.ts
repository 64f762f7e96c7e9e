import { PROMOTIONS_ADMIN_MESSAGES } from '../../contracts/promotions-admin';
import { DomainError } from '../domain-error';
import type { PromotionsAdminPort } from './port';

/** With COMMERCE_API_URL the upstream owns coupons and seller codes: nothing here reads or changes them. */
export function upstreamPromotionsAdmin(): PromotionsAdminPort {
  const owned = () => Promise.reject(new DomainError('CONFLICT', PROMOTIONS_ADMIN_MESSAGES.upstream));
  return {
    backofficeCoupons: owned,
    backofficeCoupon: owned,
    backofficeCouponSave: owned,
    backofficeCouponEnd: owned,
    backofficeSellers: owned,
    backofficeSeller: owned,
    backofficeSellerSave: owned,
  };
}
