// Over 300 lines: the bag's one server- and client-rendered view (lines, codes, CEP, shipping, totals) whose forms work without JavaScript.
import type { FormEvent, ReactNode } from 'react';
import type { CartItem } from '../../contracts/cart';
import type { DeliveryOption, OmnichannelResponse } from '../../contracts/shipping';
import { hasCashback, type BagCart, type ShippingChoice } from '../../lib/bag';
import { BAG_ACTIONS, homePackages, optionField, optionValue } from '../../lib/bag-forms';
import type { BagMessage } from '../../lib/bag-messages';
import { formatCep } from '../../lib/cep';
import { productImage } from '../../lib/images';
import { formatBRL } from '../../lib/money';
import { deadlineLabel, priceLabel } from '../product/shipping-options';

/** A notice in the bag (spec §8 message with its title). */
export type BagNotice = BagMessage;

export interface BagViewProps {
  cart: BagCart | null;
  imageHost: string;
  signedIn: boolean;
  notice: BagNotice | null;
  cep: string;
  quote: OmnichannelResponse | null;
  quoteProblem: BagNotice | null;
  selection: ShippingChoice[];
  /** Where the no-JS routes send the shopper back (`/sacola` or the app screen). */
  back: string;
  /** Prefix for element ids (the drawer and a bag page may share a document). */
  idPrefix: string;
  busy?: boolean;
  /** The form being worked on (its button shows a loading label). */
  pending?: string | null;
  /** With JavaScript every form comes here instead of posting; `action` is the form's action. */
  onAction?: (action: string, data: FormData) => void;
}

const MAX_SELECTABLE = 10;

/** A form that posts to its route without JavaScript and goes through `onAction` with it. */
function BagForm(props: {
  action: string;
  method?: 'post' | 'get';
  view: BagViewProps;
  className?: string;
  label?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { view } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!view.onAction) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    view.onAction(props.action, data);
  };
  return (
    <form className={props.className} method={props.method ?? 'post'} action={props.method === 'get' ? view.back : props.action} onSubmit={submit} aria-label={props.label} data-testid={props.testId} noValidate>
      {props.method === 'get' ? null : <input type="hidden" name="back" value={view.back} />}
      {props.method !== 'get' && view.cep ? <input type="hidden" name="cep" value={view.cep} /> : null}
      {props.children}
    </form>
  );
}

function Notice({ notice, id }: { notice: BagNotice; id?: string }) {
  return (
    <div className={`bag-notice bag-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'} id={id} data-testid="bag-notice">
      {notice.title ? <strong className="bag-notice__title">{notice.title}</strong> : null}
      {notice.products?.length ? (
        <ul className="bag-notice__products">
          {notice.products.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <span className="bag-notice__message">{notice.message}</span>
    </div>
  );
}

function Line({ item, view }: { item: CartItem; view: BagViewProps }) {
  const photo = item.product.items[0]?.photos[0]?.photo;
  const gift = item.product.gift;
  const busy = view.busy;
  return (
    <li className="bag-line" data-testid="bag-line" data-item={item.id_item_cart}>
      {photo ? (
        <img className="bag-line__thumb" src={productImage(view.imageHost, photo, 'thumbnail')} width={80} height={120} alt="" loading="lazy" />
      ) : (
        <span className="bag-line__thumb bag-line__thumb--none" />
      )}
      <div className="bag-line__info">
        <p className="bag-line__name">
          {item.product.slug ? <a href={`/${item.product.slug}/p`}>{item.product.name}</a> : item.product.name}
        </p>
        <p className="bag-line__meta">
          {item.product.color ? `${item.product.color} · ` : ''}Tamanho: {item.product.size}
        </p>
        {item.preSale ? <p className="bag-line__flag">Pré-venda</p> : null}
        {gift ? <p className="bag-line__flag bag-line__flag--gift">Brinde</p> : null}
        <p className="bag-line__price">
          {gift ? 'Grátis' : formatBRL(item.price * item.amount)}
          {!gift && item.amount > 1 ? <span className="bag-line__unit"> ({formatBRL(item.price)} cada)</span> : null}
        </p>
      </div>
      <div className="bag-line__actions">
        {gift ? (
          <p className="bag-line__qty-fixed">Quantidade: {item.amount}</p>
        ) : (
          <BagForm action={BAG_ACTIONS.quantity} view={view} className="bag-qty" label={`Quantidade de ${item.product.name}`}>
            <input type="hidden" name="itemId" value={item.id_item_cart} />
            <button type="submit" name="amount" value={item.amount - 1} className="bag-qty__step" disabled={busy || item.amount <= 1} aria-label="Diminuir quantidade">
              −
            </button>
            <span className="bag-qty__value" aria-live="polite" data-testid="bag-qty">
              <span className="visually-hidden">Quantidade: </span>
              {item.amount}
            </span>
            <button type="submit" name="amount" value={item.amount + 1} className="bag-qty__step" disabled={busy || item.amount >= MAX_SELECTABLE} aria-label="Aumentar quantidade">
              +
            </button>
          </BagForm>
        )}
        {gift ? null : (
          <BagForm action={BAG_ACTIONS.remove} view={view} className="bag-remove">
            <input type="hidden" name="itemId" value={item.id_item_cart} />
            <button type="submit" className="bag-link-button" disabled={busy} aria-label={`Remover ${item.product.name}`}>
              Remover
            </button>
          </BagForm>
        )}
      </div>
    </li>
  );
}

function CodeField(props: {
  view: BagViewProps;
  id: string;
  name: 'coupon' | 'seller';
  label: string;
  action: string;
  removeAction: string;
  applied: { code: string; discount: number; name?: string } | null | undefined;
}) {
  const { view, applied } = props;
  if (applied) {
    return (
      <BagForm action={props.removeAction} view={view} className="bag-code bag-code--applied">
        <p>
          {props.label}: <strong data-testid={`bag-${props.name}-applied`}>{applied.code}</strong>
          {applied.name ? ` (${applied.name})` : ''} <span>−{formatBRL(applied.discount)}</span>
        </p>
        <button type="submit" className="bag-link-button" disabled={view.busy}>
          Remover
        </button>
      </BagForm>
    );
  }
  const loading = view.pending === props.action;
  return (
    <BagForm action={props.action} view={view} className="bag-code">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="bag-code__row">
        <input id={props.id} name="code" autoComplete="off" autoCapitalize="characters" maxLength={40} className="bag-input" />
        <button type="submit" className="bag-button" disabled={view.busy} aria-label={`Aplicar ${props.label.toLowerCase()}`}>
          {loading ? 'Aplicando…' : 'Aplicar'}
        </button>
      </div>
    </BagForm>
  );
}

function Cashback({ view, cart }: { view: BagViewProps; cart: BagCart }) {
  // A visitor's cart has no balance (null): cashback is for signed-in customers.
  if (!view.signedIn && typeof cart.cashback_balance !== 'number') return null;
  if (hasCashback(cart)) {
    return (
      <BagForm action={BAG_ACTIONS.cashbackRemove} view={view} className="bag-code bag-code--applied" testId="bag-cashback">
        <p>
          Cashback aplicado: <strong>−{formatBRL(cart.cashback_value)}</strong>
        </p>
        <button type="submit" className="bag-link-button" disabled={view.busy}>
          Remover
        </button>
      </BagForm>
    );
  }
  const balance = cart.cashback_balance ?? 0;
  if (balance <= 0) return <p className="bag-cashback__none" data-testid="bag-cashback">Você ainda não tem cashback disponível.</p>;
  const usable = Math.min(balance, Math.max(0, cart.subtotal - cart.discount));
  return (
    <BagForm action={BAG_ACTIONS.cashback} view={view} className="bag-code" testId="bag-cashback">
      <input type="hidden" name="cashback" value={usable} />
      <p>
        Seu saldo de cashback: <strong>{formatBRL(balance)}</strong>
      </p>
      <button type="submit" className="bag-button" disabled={view.busy || usable <= 0}>
        Usar {formatBRL(usable)} de cashback
      </button>
    </BagForm>
  );
}

/**
 * One delivery option's radio. With JavaScript, picking submits the form at once; a pickup and the home
 * deliveries exclude each other (they are separate groups when the bag ships in several packages).
 */
function ShipOption({ view, store, option: o, chosen }: { view: BagViewProps; store: string; option: DeliveryOption; chosen: Set<string> }) {
  const value = optionValue(store, o);
  const pick = (input: HTMLInputElement) => {
    input.form?.querySelectorAll<HTMLInputElement>('input[type=radio]').forEach((other) => {
      if ((other.dataset.type === 'pickup') !== (o.type === 'pickup')) other.checked = false;
    });
    input.form?.requestSubmit();
  };
  return (
    <label className="bag-ship__option" data-type={o.type}>
      <input
        type="radio"
        name={optionField(view.quote ?? {}, store, o)}
        value={value}
        data-type={o.type}
        defaultChecked={chosen.has(value)}
        onChange={view.onAction ? (e) => pick(e.currentTarget) : undefined}
      />
      <span className="bag-ship__what">
        <strong>{o.type === 'pickup' ? (o.store?.name ?? 'Retirada na loja') : o.type === 'expressa' ? 'Expressa' : 'Normal'}</strong> {o.carrier} · {deadlineLabel(o)}
      </span>
      <span className="bag-ship__price">{priceLabel(o.price)}</span>
    </label>
  );
}

function Shipping({ view }: { view: BagViewProps }) {
  const id = `${view.idPrefix}-cep`;
  const chosen = new Set(view.selection.map((s) => optionValue(s.store, s.selectedOption)));
  const stores = view.quote ? Object.entries(view.quote) : [];
  const homes = view.quote ? homePackages(view.quote) : [];
  const pickups = stores.flatMap(([store, options]) => options.filter((o) => o.type === 'pickup').map((o) => [store, o] as const));
  return (
    <section className="bag-ship" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="bag-section-title">
        Frete
      </h3>
      <BagForm action="cep" method="get" view={view} className="bag-code">
        <label htmlFor={id}>CEP de entrega</label>
        <div className="bag-code__row">
          <input id={id} name="cep" className="bag-input" inputMode="numeric" autoComplete="postal-code" placeholder="00000-000" maxLength={9} defaultValue={view.cep ? formatCep(view.cep) : ''} />
          <button type="submit" className="bag-button" disabled={view.busy}>
            {view.pending === 'cep' ? 'Calculando…' : 'Calcular'}
          </button>
        </div>
      </BagForm>
      {view.quoteProblem ? <Notice notice={view.quoteProblem} /> : null}
      {stores.length ? (
        <BagForm action={BAG_ACTIONS.shipping} view={view} className="bag-ship__options" label="Opções de frete">
          {homes.map((store, i) => (
            <fieldset key={store} className="bag-ship__package" data-store={store}>
              <legend>{homes.length > 1 ? `Pacote ${i + 1} de ${homes.length} — receber em casa` : 'Receber em casa'}</legend>
              {(view.quote![store] ?? []).filter((o) => o.type !== 'pickup').map((o) => (
                <ShipOption key={optionValue(store, o)} view={view} store={store} option={o} chosen={chosen} />
              ))}
            </fieldset>
          ))}
          {pickups.length ? (
            <fieldset className="bag-ship__package" data-store="pickup">
              <legend>Retirar na loja</legend>
              {pickups.map(([store, o]) => (
                <ShipOption key={optionValue(store, o)} view={view} store={store} option={o} chosen={chosen} />
              ))}
            </fieldset>
          ) : null}
          {/* Without JavaScript the choice is posted with this button; with it, picking an option is enough. */}
          <button type="submit" className="bag-button bag-ship__submit" disabled={view.busy}>
            Escolher frete
          </button>
        </BagForm>
      ) : null}
    </section>
  );
}

function Totals({ cart }: { cart: BagCart }) {
  return (
    <dl className="bag-totals" data-testid="bag-totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="bag-subtotal">{formatBRL(cart.subtotal)}</dd>
      </div>
      {cart.discount > 0 ? (
        <div>
          <dt>Descontos</dt>
          <dd data-testid="bag-discount">−{formatBRL(cart.discount)}</dd>
        </div>
      ) : null}
      {hasCashback(cart) ? (
        <div>
          <dt>Cashback</dt>
          <dd>−{formatBRL(cart.cashback_value)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Frete</dt>
        <dd data-testid="bag-shipping">{cart.shippingSelection.length ? priceLabel(cart.shipping) : 'A calcular'}</dd>
      </div>
      <div className="bag-totals__total">
        <dt>Total</dt>
        <dd data-testid="bag-total">{formatBRL(cart.total)}</dd>
      </div>
    </dl>
  );
}

/** The bag's content (drawer, /sacola and the app screen): lines, codes, cashback, shipping, totals. */
export function BagView(view: BagViewProps) {
  const { cart } = view;
  if (!cart || cart.items.length === 0) {
    return (
      <div className="bag-empty" data-testid="bag-empty">
        {view.notice ? <Notice notice={view.notice} /> : null}
        <p className="bag-empty__title">Sua sacola está vazia.</p>
        <p>Que tal começar pelas novidades?</p>
        <a className="bag-button bag-button--primary" href="/moda-praia">
          Continuar comprando
        </a>
      </div>
    );
  }
  return (
    <div className="bag" aria-busy={view.busy}>
      {view.notice ? <Notice notice={view.notice} id={`${view.idPrefix}-notice`} /> : null}
      {cart.hasPreSale ? <p className="bag-presale">Sua sacola tem produto em pré-venda: o envio acontece quando a peça chega ao estoque.</p> : null}
      {cart.modal_gift ? (
        <div className="bag-notice bag-notice--success">
          <strong className="bag-notice__title">{cart.modal_gift.title}</strong> <span>{cart.modal_gift.message}</span>
        </div>
      ) : null}
      <ul className="bag-lines" aria-label="Produtos na sacola">
        {cart.items.map((item) => (
          <Line key={item.id_item_cart} item={item} view={view} />
        ))}
      </ul>
      <div className="bag-extras">
        <CodeField view={view} id={`${view.idPrefix}-coupon`} name="coupon" label="Cupom de desconto" action={BAG_ACTIONS.coupon} removeAction={BAG_ACTIONS.couponRemove} applied={cart.coupon} />
        <CodeField view={view} id={`${view.idPrefix}-seller`} name="seller" label="Código do vendedor" action={BAG_ACTIONS.seller} removeAction={BAG_ACTIONS.sellerRemove} applied={cart.seller} />
        <Cashback view={view} cart={cart} />
        <Shipping view={view} />
      </div>
      <Totals cart={cart} />
      <a className="bag-button bag-button--primary bag-checkout" href="/checkout">
        Finalizar compra
      </a>
    </div>
  );
}
