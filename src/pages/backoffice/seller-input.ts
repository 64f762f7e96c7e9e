import type { AdminSeller } from '../../contracts/promotions-admin';
import { version, whole } from './coupon-input';

// The seller-code form's posted fields ↔ the save's input.
type Fields = Record<string, string | undefined>;

export function sellerFormValues(s: AdminSeller | null): Fields {
  if (!s) return { discountPct: '10', active: 'on' };
  return {
    code: s.code,
    name: s.name,
    discountPct: String(s.discountPct),
    freeNormalShipping: s.freeNormalShipping ? 'on' : '',
    freeExpressShipping: s.freeExpressShipping ? 'on' : '',
    active: s.active ? 'on' : '',
  };
}

export function sellerInput(values: Fields, id: number | undefined): unknown {
  return {
    ...(id !== undefined ? { id, version: version(values.version) } : {}),
    code: values.code ?? '',
    name: values.name,
    discountPct: whole(values.discountPct) ?? Number.NaN,
    freeNormalShipping: values.freeNormalShipping === 'on',
    freeExpressShipping: values.freeExpressShipping === 'on',
    active: values.active === 'on',
  };
}
