import {
  PROMOTIONS_ADMIN_MESSAGES as M,
  type AdminCoupon,
  type AdminSeller,
  type CouponSave,
  type PromotionEnd,
  type SellerSave,
} from '../../contracts/promotions-admin';
import { DomainError, found } from '../domain-error';
import { changedFields } from '../audit/changed-fields';
import type { StaffGate } from '../staff/service';
import { isBelowUsed, isStale, isTaken, type PromotionsAdminRepo } from './repo';

type Fields = Record<string, unknown>;
type Writer = Awaited<ReturnType<StaffGate['write']>>;

const couponFields = (c: Omit<CouponSave, 'id' | 'version'> | AdminCoupon): Fields => ({
  kind: c.kind,
  value: c.value,
  minSubtotal: c.minSubtotal,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  usageLimit: c.usageLimit,
  perCustomerLimit: c.perCustomerLimit,
  requiresLogin: c.requiresLogin,
  categories: [...c.categories].sort(),
  giftSku: c.giftSku,
  giftTitle: c.giftTitle,
  giftMessage: c.giftMessage,
});
const sellerFields = (s: Omit<SellerSave, 'id' | 'version'> | AdminSeller): Fields => ({
  name: s.name,
  discountPct: s.discountPct,
  freeNormalShipping: s.freeNormalShipping,
  freeExpressShipping: s.freeExpressShipping,
  active: s.active,
});

/** The batch's constraint failures as the form's 409/422 (a stale form, a taken code, a limit below the uses made). */
async function run(
  repo: PromotionsAdminRepo,
  statements: D1PreparedStatement[],
  taken: string,
  used: number,
): Promise<void> {
  try {
    await repo.batch(statements);
  } catch (error) {
    if (isStale(error)) throw new DomainError('CONFLICT', M.stale);
    if (isTaken(error)) throw new DomainError('CONFLICT', taken);
    if (isBelowUsed(error)) throw new DomainError('UNPROCESSABLE', M.belowUsed(used));
    throw error;
  }
}

export const couponOrThrow = (repo: PromotionsAdminRepo, id: number, now: Date): Promise<AdminCoupon> =>
  found(repo.coupon(id, now.toISOString()), M.couponNotFound);

/**
 * A coupon's create or edit as ONE batch: the guarded write, its category restrictions, the audit row. Checked first
 * (with a clear message) and again by the batch itself: the version, the code's uniqueness, the limit ≥ uses made.
 */
export async function saveCoupon(
  repo: PromotionsAdminRepo,
  gate: Writer,
  input: CouponSave,
  now: Date,
): Promise<AdminCoupon> {
  const before = input.id === undefined ? null : await couponOrThrow(repo, input.id, now);
  if (before && before.version !== input.version) throw new DomainError('CONFLICT', M.stale);
  // The code of a saved coupon never changes (carts, orders and uses name it).
  const save: CouponSave = { ...input, code: before?.code ?? input.code, categories: [...new Set(input.categories)] };
  if (before && save.usageLimit !== null && save.usageLimit < before.used)
    throw new DomainError('UNPROCESSABLE', M.belowUsed(before.used));
  const giftItemId = save.kind === 'gift' && save.giftSku ? await repo.skuId(save.giftSku) : null;
  if (save.kind === 'gift' && giftItemId === null) throw new DomainError('UNPROCESSABLE', M.giftSku);
  if (save.kind !== 'gift') Object.assign(save, { giftSku: null, giftTitle: null, giftMessage: null });
  const unknown = await repo.unknownListings(save.categories);
  if (unknown.length > 0) throw new DomainError('UNPROCESSABLE', M.category(unknown[0]!));
  const diff = changedFields(before ? couponFields(before) : null, couponFields(save));
  const audit = gate.row({
    action: before ? 'coupon.update' : 'coupon.create',
    entity: 'coupon',
    entityId: save.code,
    before: diff.before,
    after: diff.after,
  });
  await run(repo, [...repo.couponStatements(save, giftItemId), audit], M.couponTaken, before?.used ?? 0);
  const saved = before
    ? await repo.coupon(before.id, now.toISOString())
    : (await repo.coupons(now.toISOString())).find((c) => c.code === save.code);
  return saved!;
}

/** Ends a coupon now (ends_at = now) under the form's version; an ended coupon cannot be ended again. */
export async function endCoupon(
  repo: PromotionsAdminRepo,
  gate: Writer,
  input: PromotionEnd,
  now: Date,
): Promise<AdminCoupon> {
  const before = await couponOrThrow(repo, input.id, now);
  if (before.version !== input.version) throw new DomainError('CONFLICT', M.stale);
  const stamp = now.toISOString();
  if (before.endsAt !== null && before.endsAt <= stamp) throw new DomainError('CONFLICT', M.alreadyEnded);
  const audit = gate.row({
    action: 'coupon.end',
    entity: 'coupon',
    entityId: before.code,
    before: { endsAt: before.endsAt },
    after: { endsAt: stamp },
  });
  await run(repo, [repo.endStatement(before.id, input.version, stamp), audit], M.couponTaken, before.used);
  return couponOrThrow(repo, input.id, now);
}

export const sellerOrThrow = (repo: PromotionsAdminRepo, id: number): Promise<AdminSeller> =>
  found(repo.seller(id), M.sellerNotFound);

/** A seller code's create or edit: the guarded write and the audit row, one batch. Codes never change. */
export async function saveSeller(repo: PromotionsAdminRepo, gate: Writer, input: SellerSave): Promise<AdminSeller> {
  const before = input.id === undefined ? null : await sellerOrThrow(repo, input.id);
  if (before && before.version !== input.version) throw new DomainError('CONFLICT', M.stale);
  const save: SellerSave = { ...input, code: before?.code ?? input.code };
  const diff = changedFields(before ? sellerFields(before) : null, sellerFields(save));
  const audit = gate.row({
    action: before ? 'seller.update' : 'seller.create',
    entity: 'seller',
    entityId: save.code,
    ...diff,
  });
  await run(repo, [repo.sellerStatement(save), audit], M.sellerTaken, 0);
  return before ? sellerOrThrow(repo, before.id) : (await repo.sellers()).find((s) => s.code === save.code)!;
}
