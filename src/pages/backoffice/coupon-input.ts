import type { AdminCoupon } from '../../contracts/promotions-admin';
import { isoToSpLocal, spLocalToIso } from './sp-time';
import { formatAmount as reais, reaisToCents } from '../../lib/format/money';

// The coupon and seller forms' posted fields ↔ the saves' input (no JS: flat names, money in reais, São Paulo times).
export const COUPONS = '/painel/cupons';
export const SELLERS = `${COUPONS}/vendedores`;
type Fields = Record<string, string | undefined>;

export const whole = (text: string | undefined): number | null => {
  const t = (text ?? '').trim();
  if (!t) return null;
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
};
export const version = (text: string | undefined) =>
  text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) : undefined;

/** A coupon as its form shows it (also the snapshot a stale save is compared with). */
export function couponFormValues(c: AdminCoupon | null): Fields {
  if (!c) return { kind: 'percentage', requiresLogin: '' };
  return {
    code: c.code,
    kind: c.kind,
    value: c.kind === 'percentage' ? String(c.value) : c.kind === 'fixed' ? reais(c.value) : '',
    minSubtotal: c.minSubtotal ? reais(c.minSubtotal) : '',
    startsAt: isoToSpLocal(c.startsAt),
    endsAt: isoToSpLocal(c.endsAt),
    usageLimit: c.usageLimit === null ? '' : String(c.usageLimit),
    perCustomerLimit: c.perCustomerLimit === null ? '' : String(c.perCustomerLimit),
    requiresLogin: c.requiresLogin ? 'on' : '',
    categories: c.categories.join(', '),
    giftSku: c.giftSku ?? '',
    giftTitle: c.giftTitle ?? '',
    giftMessage: c.giftMessage ?? '',
  };
}

/** The coupon form's fields as the save's input; anything that does not read becomes NaN, which the schema refuses. */
export function couponInput(values: Fields, id: number | undefined): unknown {
  const kind = values.kind;
  const value =
    kind === 'percentage'
      ? whole(values.value)
      : kind === 'fixed'
        ? (reaisToCents(values.value ?? '') ?? Number.NaN)
        : (values.value ?? '').trim()
          ? Number.NaN
          : 0;
  const minSubtotal = (values.minSubtotal ?? '').trim() ? (reaisToCents(values.minSubtotal ?? '') ?? Number.NaN) : 0;
  return {
    ...(id !== undefined ? { id, version: version(values.version) } : {}),
    code: values.code ?? '',
    kind,
    value: value ?? Number.NaN,
    minSubtotal,
    startsAt: spLocalToIso(values.startsAt),
    endsAt: spLocalToIso(values.endsAt),
    usageLimit: whole(values.usageLimit),
    perCustomerLimit: whole(values.perCustomerLimit),
    requiresLogin: values.requiresLogin === 'on',
    categories: (values.categories ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    giftSku: values.giftSku,
    giftTitle: values.giftTitle,
    giftMessage: values.giftMessage,
  };
}
