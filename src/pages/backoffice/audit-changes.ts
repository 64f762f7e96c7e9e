import { ORDER_STATUS_LABELS } from '../../contracts/orders';
import { COUPON_KINDS } from '../../contracts/promotions-admin';
import type { AuditEntryView } from '../../contracts/staff';
import { STOCK_REASONS } from '../../contracts/stock-admin';
import { ROLE_LABELS } from '../../commerce/staff/permissions';
import { formatDateTime } from '../../lib/format/dates';
import { formatBRL } from '../../lib/format/money';
import { dict } from '../../lib/security/dict';
import { EXCHANGE_STATUS_LABELS } from '../account/exchanges-view';
import { FIELD_LABELS as FORM_FIELD_LABELS } from './stale-form';

/** One changed field of an audit row as the page shows it: its name, the value before and after (— when none). */
export interface AuditChange {
  label: string;
  before: string | null;
  after: string | null;
}

type Fields = Record<string, unknown>;

/**
 * The audit's names for the fields a row records: the back-office forms' (stale-form.ts), a few worded for a log line
 * rather than a form, and the fields only the log shows.
 */
const FIELD_LABELS: Readonly<Record<string, string>> = dict({
  ...FORM_FIELD_LABELS,
  status: 'Status',
  trackingCode: 'Código de rastreio',
  providerStatus: 'Status no provedor',
  note: 'Observação',
  giftTitle: 'Título do brinde',
  giftMessage: 'Mensagem do brinde',
  discountPct: 'Desconto (%)',
  slug: 'Endereço (slug)',
  description: 'Descrição',
  details: 'Detalhes',
  category: 'Categoria',
  published: 'Publicado',
  sku: 'SKU',
  color: 'Cor',
  size: 'Tamanho',
  gtin: 'GTIN',
  price: 'Preço',
  compareAt: 'Preço “de”',
  file: 'Arquivo',
  position: 'Posição',
  quantity: 'Quantidade',
  reason: 'Motivo',
  balance: 'Saldo',
  amount: 'Valor',
  erased: 'Apagado',
  orders: 'Pedidos',
  format: 'Formato',
  email: 'E-mail',
  role: 'Papel',
  expiresAt: 'Validade',
  done: 'Concluídos',
  total: 'Total',
  new: 'Novos',
  changed: 'Alterados',
  unchanged: 'Sem alteração',
  errors: 'Com erro',
  strip: 'Faixa de avisos',
  banner: 'Banner de promoção',
  hero: 'Destaque da home',
  menuEntries: 'Menu-Topo',
  text: 'Texto',
  href: 'Link',
  label: 'Nome',
  parentId: 'Item pai',
  items: 'Itens',
});

/** Fields that hold cents (ADR 0005). */
const MONEY = new Set(['price', 'compareAt', 'minSubtotal', 'balance', 'amount']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const fieldLabel = (key: string): string => {
  if (key.startsWith('variant:')) return `variante ${key.slice('variant:'.length)}`;
  return FIELD_LABELS[key] ?? key;
};

/** Labels of coded values, per field (statuses by record type). */
function codeLabel(entity: string, key: string, value: string): string | undefined {
  if (key === 'status' && entity === 'order') return ORDER_STATUS_LABELS[value as keyof typeof ORDER_STATUS_LABELS];
  if (key === 'status' && entity === 'exchange')
    return EXCHANGE_STATUS_LABELS[value as keyof typeof EXCHANGE_STATUS_LABELS];
  if (key === 'role') return ROLE_LABELS[value as keyof typeof ROLE_LABELS];
  if (key === 'reason' && entity === 'stock') return STOCK_REASONS[value as keyof typeof STOCK_REASONS];
  if (key === 'kind' && entity === 'coupon') return COUPON_KINDS[value as keyof typeof COUPON_KINDS];
  return undefined;
}

/** A value in plain words: money as R$, yes/no, dates in the store's time, lists and records spelled out. */
function plain(entity: string, key: string, value: unknown, couponKind?: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'number') {
    if (MONEY.has(key) || (key === 'value' && couponKind === 'fixed')) return formatBRL(value);
    if (key === 'value' && couponKind === 'percentage') return `${value}%`;
    return String(value);
  }
  if (typeof value === 'string') {
    if (key === 'menuEntries' && value.startsWith('[')) {
      try {
        return plain(entity, 'items', JSON.parse(value) as unknown);
      } catch {
        return value;
      }
    }
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return codeLabel(entity, key, value) ?? value;
  }
  if (Array.isArray(value)) return value.length === 0 ? 'nenhum' : value.map((v) => plain(entity, key, v)).join('; ');
  if (typeof value === 'object') {
    const parts = Object.entries(value as Fields)
      .filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => `${fieldLabel(k)}: ${plain(entity, k, v)}`);
    return parts.length === 0 ? '—' : parts.join(', ');
  }
  return String(value);
}

const isRecord = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The row's before → after as field changes in plain words. A record-valued field (a variant, the banner) opens into
 * its changed inner fields; a field the page has no name for shows its key and its value as they are.
 */
export function auditChanges(e: Pick<AuditEntryView, 'entity' | 'before' | 'after'>): AuditChange[] {
  const before = e.before ?? {};
  const after = e.after ?? {};
  // A coupon's value is cents or percent by its kind (known when the row holds it: a creation, a kind change).
  const couponKind = e.entity === 'coupon' ? (after.kind ?? before.kind) : undefined;
  const show = (side: Fields | null, key: string, value: unknown) =>
    side === null ? null : plain(e.entity, key, value, couponKind);
  const rows: AuditChange[] = [];
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
    const b = before[key];
    const a = after[key];
    if ((isRecord(b) || b == null) && (isRecord(a) || a == null) && (isRecord(a) || isRecord(b))) {
      const bb = isRecord(b) ? b : {};
      const aa = isRecord(a) ? a : {};
      for (const inner of [...new Set([...Object.keys(bb), ...Object.keys(aa)])]) {
        if (isRecord(b) && isRecord(a) && JSON.stringify(bb[inner]) === JSON.stringify(aa[inner])) continue;
        rows.push({
          label: `${fieldLabel(inner)} (${fieldLabel(key)})`,
          before: show(isRecord(b) ? e.before : null, inner, bb[inner]),
          after: show(isRecord(a) ? e.after : null, inner, aa[inner]),
        });
      }
      continue;
    }
    if (key in before && key in after && JSON.stringify(b) === JSON.stringify(a)) continue;
    rows.push({
      label: fieldLabel(key),
      before: show(e.before && key in before ? e.before : null, key, b),
      after: show(e.after && key in after ? e.after : null, key, a),
    });
  }
  return rows;
}
