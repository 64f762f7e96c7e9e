import type { AuditEntryView } from '../../contracts/staff';
import { dict } from '../../lib/security/dict';

/** The audit log's record types (`entity`) as the panel names them; the filter's options show these, values unchanged. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = dict({
  content: 'Conteúdo da loja',
  coupon: 'Cupom',
  customer: 'Cliente',
  exchange: 'Troca ou devolução',
  import_job: 'Importação de catálogo',
  order: 'Pedido',
  product: 'Produto',
  refund: 'Reembolso',
  seller: 'Vendedor',
  staff: 'Equipe',
  staff_invite: 'Convite para a equipe',
  stock: 'Estoque',
});

export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;

type Titled = Pick<AuditEntryView, 'action' | 'entityId' | 'before' | 'after'>;

/** A stock row's record id is `SKU@store`. */
function stockTitle(id: string): string {
  const at = id.lastIndexOf('@');
  return at < 0 ? `Estoque do SKU ${id}` : `Estoque do SKU ${id.slice(0, at)} na loja ${id.slice(at + 1)}`;
}

/** A product edit that changed only its variants' prices reads as a price change. */
function onlyPrices(e: Titled): boolean {
  const keys = Object.keys(e.after ?? {});
  if (keys.length === 0 || !keys.every((k) => k.startsWith('variant:'))) return false;
  return keys.every((k) => {
    const before = e.before?.[k];
    const after = e.after?.[k];
    if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return false;
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    return Object.keys(a).every(
      (f) => f === 'price' || f === 'compareAt' || JSON.stringify(a[f]) === JSON.stringify(b[f]),
    );
  });
}

const TITLES: Readonly<Record<string, (id: string, e: Titled) => string>> = dict({
  'order.status': (id: string) => `Status do pedido nº ${id}`,
  'order.payment_check': (id: string) => `Pagamento do pedido nº ${id} consultado no provedor`,
  'refund.paid_out': (id: string) => `Reembolso nº ${id} pago`,
  'exchange.status': (id: string) => `Status da troca ou devolução nº ${id}`,
  'coupon.create': (id: string) => `Cupom ${id} criado`,
  'coupon.update': (id: string) => `Cupom ${id} editado`,
  'coupon.end': (id: string) => `Cupom ${id} encerrado`,
  'seller.create': (id: string) => `Vendedor ${id} criado`,
  'seller.update': (id: string) => `Vendedor ${id} editado`,
  'product.create': (id: string) => `Produto ${id} criado`,
  'product.update': (id: string, e: Titled) =>
    onlyPrices(e) ? `Preço do produto nº ${id}` : `Produto nº ${id} editado`,
  'product.photo': (id: string) => `Foto adicionada ao produto nº ${id}`,
  'product.photo.remove': (id: string) => `Foto removida do produto nº ${id}`,
  'stock.adjust': stockTitle,
  'customer.cashback': (id: string) => `Cashback do cliente nº ${id}`,
  'customer.export': (id: string) => `Dados do cliente nº ${id} exportados`,
  'customer.erase': (id: string) => `Dados do cliente nº ${id} apagados (LGPD)`,
  'staff.invite': (id: string) => `Convite para a equipe: ${id}`,
  'staff.role': (id: string) => `Papel da pessoa nº ${id} na equipe`,
  'staff.active': (id: string) => `Acesso da pessoa nº ${id} ao painel`,
  'import.plan': (id: string) => `Importação de catálogo nº ${id} conferida`,
  'import.run': (id: string) => `Importação de catálogo nº ${id} executada`,
  'content.strip': () => 'Faixa de avisos editada',
  'content.banner': () => 'Banner de promoção editado',
  'content.hero': () => 'Destaque da home editado',
  'content.menu.add': (id: string) => `Item nº ${id} adicionado ao Menu-Topo`,
  'content.menu.update': (id: string) => `Item nº ${id} do Menu-Topo editado`,
  'content.menu.remove': (id: string) => `Item nº ${id} removido do Menu-Topo`,
  'content.menu.move': (id: string) => `Item nº ${id} do Menu-Topo movido`,
  'content.publish': () => 'Conteúdo da loja publicado',
  'content.restore': (id: string) => `Conteúdo da loja restaurado (versão nº ${id})`,
});

/** One line saying what was done to which record, in the store's words; an action it does not know reads plainly. */
export function auditTitle(e: Titled & Pick<AuditEntryView, 'entity'>): string {
  const title = TITLES[e.action];
  return title ? title(e.entityId, e) : `${auditEntityLabel(e.entity)} ${e.entityId} (${e.action})`;
}
