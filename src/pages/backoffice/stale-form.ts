import { dict } from '../../lib/security/dict';

type Fields = Record<string, string | undefined>;

/** The back office's form fields by name, as a stale save's 409 names them. */
export const FIELD_LABELS: Readonly<Record<string, string>> = dict({
  kind: 'Tipo',
  value: 'Valor',
  minSubtotal: 'Subtotal mínimo',
  startsAt: 'Início',
  endsAt: 'Fim',
  usageLimit: 'Limite de usos',
  perCustomerLimit: 'Limite por cliente',
  requiresLogin: 'Exige login',
  categories: 'Categorias',
  giftSku: 'SKU do brinde',
  giftTitle: 'Título do aviso do brinde',
  giftMessage: 'Mensagem do aviso do brinde',
  name: 'Nome',
  discountPct: 'Desconto',
  freeNormalShipping: 'Frete normal grátis',
  freeExpressShipping: 'Frete expresso grátis',
  active: 'Ativo',
});

/**
 * A stale save's "what changed": the fields whose value now differs from what the form showed (`shown`, the form's
 * hidden snapshot). An unreadable snapshot names nothing (the 409 still says the record moved on).
 */
export function changedSince(shown: string | undefined, now: Fields): string[] {
  let before: unknown;
  try {
    before = JSON.parse(shown ?? '');
  } catch {
    return [];
  }
  if (typeof before !== 'object' || before === null) return [];
  const was = before as Record<string, unknown>;
  return Object.keys(FIELD_LABELS)
    .filter((key) => key in now && Object.hasOwn(was, key) && String(was[key]) !== now[key])
    .map((key) => FIELD_LABELS[key]!);
}

/**
 * What a create-or-edit form shows: the posted `values` when it comes back with an error, else the record's `shown`
 * snapshot (which a stale save's 409 compares with to say what changed meanwhile).
 */
export function formReaders(values: Fields | null, shown: Fields) {
  return {
    v: (name: string) => values?.[name] ?? shown[name] ?? '',
    on: (name: string) => (values ? values[name] : shown[name]) === 'on',
  };
}
