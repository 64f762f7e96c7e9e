// Over 300 lines: the cart's one server- and client-rendered view (lines, codes, CEP, shipping, totals) whose forms work without JavaScript.
import type { FormEvent, ReactNode } from 'react';
import type { Cart, CartItem } from '../../contracts/cart';
import type { DeliveryOption, OmnichannelResponse } from '../../contracts/shipping';
import { hasCashback, type ShippingChoice } from '../../lib/cart';
import { CART_ACTIONS, homePackages, optionField, optionValue } from '../../lib/cart-forms';
import type { CartMessage } from '../../lib/cart-messages';
import { formatCep } from '../../lib/cep';
import { productImage } from '../../lib/images';
import { formatBRL } from '../../lib/money';
import { deadlineLabel, priceLabel } from '../product/shipping-options';

/** A notice in the cart (spec §8 message with its title). */
export type CartNotice = CartMessage;

export interface CartViewProps {
  cart: Cart | null;
  imageHost: string;
  signedIn: boolean;
  notice: CartNotice | null;
  cep: string;
  quote: OmnichannelResponse | null;
  quoteProblem: CartNotice | null;
  selection: ShippingChoice[];
  /** Where the no-JS routes send the shopper back (`/sacola` or the app screen). */
  back: string;
  /** Prefix for element ids (the drawer and a cart page may share a document). */
  idPrefix: string;
  busy?: boolean;
  /** The form being worked on (its button shows a loading label). */
  pending?: string | null;
  /** With JavaScript every form comes here instead of posting; `action` is the form's action. */
  onAction?: (action: string, data: FormData) => void;
}

const MAX_SELECTABLE = 10;

/** A form that posts to its route without JavaScript and goes through `onAction` with it. */
function CartForm(props: {
  action: string;
  method?: 'post' | 'get';
  view: CartViewProps;
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

function Notice({ notice, id }: { notice: CartNotice; id?: string }) {
  return (
    <div className={`cart-notice cart-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'} id={id} data-testid="cart-notice">
      {notice.title ? <strong className="cart-notice__title">{notice.title}</strong> : null}
      {notice.products?.length ? (
        <ul className="cart-notice__products">
          {notice.products.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <span className="cart-notice__message">{notice.message}</span>
    </div>
  );
}

function Line({ item, view }: { item: CartItem; view: CartViewProps }) {
  const photo = item.product.items[0]?.photos[0]?.photo;
  const gift = item.product.gift;
  const busy = view.busy;
  return (
    <li className="cart-line" data-testid="cart-line" data-item={item.id_item_cart}>
      {photo ? (
        <img className="cart-line__thumb" src={productImage(view.imageHost, photo, 'thumbnail')} width={80} height={120} alt="" loading="lazy" />
      ) : (
        <span className="cart-line__thumb cart-line__thumb--none" />
      )}
      <div className="cart-line__info">
        <p className="cart-line__name">
          {item.product.slug ? <a href={`/${item.product.slug}/p`}>{item.product.name}</a> : item.product.name}
        </p>
        <p className="cart-line__meta">
          {item.product.color ? `${item.product.color} · ` : ''}Tamanho: {item.product.size}
        </p>
        {item.preSale ? <p className="cart-line__flag">Pré-venda</p> : null}
        {gift ? <p className="cart-line__flag cart-line__flag--gift">Brinde</p> : null}
        <p className="cart-line__price">
          {gift ? 'Grátis' : formatBRL(item.price * item.amount)}
          {!gift && item.amount > 1 ? <span className="cart-line__unit"> ({formatBRL(item.price)} cada)</span> : null}
        </p>
      </div>
      <div className="cart-line__actions">
        {gift ? (
          <p className="cart-line__qty-fixed">Quantidade: {item.amount}</p>
        ) : (
          <CartForm action={CART_ACTIONS.quantity} view={view} className="cart-qty" label={`Quantidade de ${item.product.name}`}>
            <input type="hidden" name="itemId" value={item.id_item_cart} />
            <button type="submit" name="amount" value={item.amount - 1} className="cart-qty__step" disabled={busy || item.amount <= 1} aria-label="Diminuir quantidade">
              −
            </button>
            <span className="cart-qty__value" aria-live="polite" data-testid="cart-qty">
              <span className="visually-hidden">Quantidade: </span>
              {item.amount}
            </span>
            <button type="submit" name="amount" value={item.amount + 1} className="cart-qty__step" disabled={busy || item.amount >= MAX_SELECTABLE} aria-label="Aumentar quantidade">
              +
            </button>
          </CartForm>
        )}
        {gift ? null : (
          <CartForm action={CART_ACTIONS.remove} view={view} className="cart-remove">
            <input type="hidden" name="itemId" value={item.id_item_cart} />
            <button type="submit" className="cart-link-button" disabled={busy} aria-label={`Remover ${item.product.name}`}>
              Remover
            </button>
          </CartForm>
        )}
      </div>
    </li>
  );
}

function CodeField(props: {
  view: CartViewProps;
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
      <CartForm action={props.removeAction} view={view} className="cart-code cart-code--applied">
        <p>
          {props.label}: <strong data-testid={`cart-${props.name}-applied`}>{applied.code}</strong>
          {applied.name ? ` (${applied.name})` : ''} <span>−{formatBRL(applied.discount)}</span>
        </p>
        <button type="submit" className="cart-link-button" disabled={view.busy}>
          Remover
        </button>
      </CartForm>
    );
  }
  const loading = view.pending === props.action;
  return (
    <CartForm action={props.action} view={view} className="cart-code">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="cart-code__row">
        <input id={props.id} name="code" autoComplete="off" autoCapitalize="characters" maxLength={40} className="cart-input" />
        <button type="submit" className="cart-button" disabled={view.busy} aria-label={`Aplicar ${props.label.toLowerCase()}`}>
          {loading ? 'Aplicando…' : 'Aplicar'}
        </button>
      </div>
    </CartForm>
  );
}

function Cashback({ view, cart }: { view: CartViewProps; cart: Cart }) {
  // A visitor's cart has no balance (null): cashback is for signed-in customers.
  if (!view.signedIn && typeof cart.cashback_balance !== 'number') return null;
  if (hasCashback(cart)) {
    return (
      <CartForm action={CART_ACTIONS.cashbackRemove} view={view} className="cart-code cart-code--applied" testId="cart-cashback">
        <p>
          Cashback aplicado: <strong>−{formatBRL(cart.cashback_value)}</strong>
        </p>
        <button type="submit" className="cart-link-button" disabled={view.busy}>
          Remover
        </button>
      </CartForm>
    );
  }
  const balance = cart.cashback_balance ?? 0;
  if (balance <= 0) return <p className="cart-cashback__none" data-testid="cart-cashback">Você ainda não tem cashback disponível.</p>;
  const usable = Math.min(balance, Math.max(0, cart.subtotal - cart.discount));
  return (
    <CartForm action={CART_ACTIONS.cashback} view={view} className="cart-code" testId="cart-cashback">
      <input type="hidden" name="cashback" value={usable} />
      <p>
        Seu saldo de cashback: <strong>{formatBRL(balance)}</strong>
      </p>
      <button type="submit" className="cart-button" disabled={view.busy || usable <= 0}>
        Usar {formatBRL(usable)} de cashback
      </button>
    </CartForm>
  );
}

/**
 * One delivery option's radio. With JavaScript, picking submits the form at once; a pickup and the home
 * deliveries exclude each other (they are separate groups when the cart ships in several packages).
 */
function ShipOption({ view, store, option: o, chosen }: { view: CartViewProps; store: string; option: DeliveryOption; chosen: Set<string> }) {
  const value = optionValue(store, o);
  const pick = (input: HTMLInputElement) => {
    input.form?.querySelectorAll<HTMLInputElement>('input[type=radio]').forEach((other) => {
      if ((other.dataset.type === 'pickup') !== (o.type === 'pickup')) other.checked = false;
    });
    input.form?.requestSubmit();
  };
  return (
    <label className="cart-ship__option" data-type={o.type}>
      <input
        type="radio"
        name={optionField(view.quote ?? {}, store, o)}
        value={value}
        data-type={o.type}
        defaultChecked={chosen.has(value)}
        onChange={view.onAction ? (e) => pick(e.currentTarget) : undefined}
      />
      <span className="cart-ship__what">
        <strong>{o.type === 'pickup' ? (o.store?.name ?? 'Retirada na loja') : o.type === 'expressa' ? 'Expressa' : 'Normal'}</strong> {o.carrier} · {deadlineLabel(o)}
      </span>
      <span className="cart-ship__price">{priceLabel(o.price)}</span>
    </label>
  );
}

function Shipping({ view }: { view: CartViewProps }) {
  const id = `${view.idPrefix}-cep`;
  const chosen = new Set(view.selection.map((s) => optionValue(s.store, s.selectedOption)));
  const stores = view.quote ? Object.entries(view.quote) : [];
  const homes = view.quote ? homePackages(view.quote) : [];
  const pickups = stores.flatMap(([store, options]) => options.filter((o) => o.type === 'pickup').map((o) => [store, o] as const));
  return (
    <section className="cart-ship" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cart-section-title">
        Frete
      </h3>
      <CartForm action="cep" method="get" view={view} className="cart-code">
        <label htmlFor={id}>CEP de entrega</label>
        <div className="cart-code__row">
          <input id={id} name="cep" className="cart-input" inputMode="numeric" autoComplete="postal-code" placeholder="00000-000" maxLength={9} defaultValue={view.cep ? formatCep(view.cep) : ''} />
          <button type="submit" className="cart-button" disabled={view.busy}>
            {view.pending === 'cep' ? 'Calculando…' : 'Calcular'}
          </button>
        </div>
      </CartForm>
      {view.quoteProblem ? <Notice notice={view.quoteProblem} /> : null}
      {stores.length ? (
        <CartForm action={CART_ACTIONS.shipping} view={view} className="cart-ship__options" label="Opções de frete">
          {homes.map((store, i) => (
            <fieldset key={store} className="cart-ship__package" data-store={store}>
              <legend>{homes.length > 1 ? `Pacote ${i + 1} de ${homes.length} — receber em casa` : 'Receber em casa'}</legend>
              {(view.quote![store] ?? []).filter((o) => o.type !== 'pickup').map((o) => (
                <ShipOption key={optionValue(store, o)} view={view} store={store} option={o} chosen={chosen} />
              ))}
            </fieldset>
          ))}
          {pickups.length ? (
            <fieldset className="cart-ship__package" data-store="pickup">
              <legend>Retirar na loja</legend>
              {pickups.map(([store, o]) => (
                <ShipOption key={optionValue(store, o)} view={view} store={store} option={o} chosen={chosen} />
              ))}
            </fieldset>
          ) : null}
          {/* Without JavaScript the choice is posted with this button; with it, picking an option is enough. */}
          <button type="submit" className="cart-button cart-ship__submit" disabled={view.busy}>
            Escolher frete
          </button>
        </CartForm>
      ) : null}
    </section>
  );
}

function Totals({ cart }: { cart: Cart }) {
  return (
    <dl className="cart-totals" data-testid="cart-totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="cart-subtotal">{formatBRL(cart.subtotal)}</dd>
      </div>
      {cart.discount > 0 ? (
        <div>
          <dt>Descontos</dt>
          <dd data-testid="cart-discount">−{formatBRL(cart.discount)}</dd>
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
        <dd data-testid="cart-shipping">{cart.shippingSelection.length ? priceLabel(cart.shipping) : 'A calcular'}</dd>
      </div>
      <div className="cart-totals__total">
        <dt>Total</dt>
        <dd data-testid="cart-total">{formatBRL(cart.total)}</dd>
      </div>
    </dl>
  );
}

/** The cart's content (drawer, /sacola and the app screen): lines, codes, cashback, shipping, totals. */
export function CartView(view: CartViewProps) {
  const { cart } = view;
  if (!cart || cart.items.length === 0) {
    return (
      <div className="cart-empty" data-testid="cart-empty">
        {view.notice ? <Notice notice={view.notice} /> : null}
        <p className="cart-empty__title">Sua sacola está vazia.</p>
        <p>Que tal começar pelas novidades?</p>
        <a className="cart-button cart-button--primary" href="/moda-praia">
          Continuar comprando
        </a>
      </div>
    );
  }
  return (
    <div className="cart" aria-busy={view.busy}>
      {view.notice ? <Notice notice={view.notice} id={`${view.idPrefix}-notice`} /> : null}
      {cart.hasPreSale ? <p className="cart-presale">Sua sacola tem produto em pré-venda: o envio acontece quando a peça chega ao estoque.</p> : null}
      {cart.modal_gift ? (
        <div className="cart-notice cart-notice--success">
          <strong className="cart-notice__title">{cart.modal_gift.title}</strong> <span>{cart.modal_gift.message}</span>
        </div>
      ) : null}
      <ul className="cart-lines" aria-label="Produtos na sacola">
        {cart.items.map((item) => (
          <Line key={item.id_item_cart} item={item} view={view} />
        ))}
      </ul>
      <div className="cart-extras">
        <CodeField view={view} id={`${view.idPrefix}-coupon`} name="coupon" label="Cupom de desconto" action={CART_ACTIONS.coupon} removeAction={CART_ACTIONS.couponRemove} applied={cart.coupon} />
        <CodeField view={view} id={`${view.idPrefix}-seller`} name="seller" label="Código do vendedor" action={CART_ACTIONS.seller} removeAction={CART_ACTIONS.sellerRemove} applied={cart.seller} />
        <Cashback view={view} cart={cart} />
        <Shipping view={view} />
      </div>
      <Totals cart={cart} />
      <a className="cart-button cart-button--primary cart-checkout" href="/checkout">
        Finalizar compra
      </a>
    </div>
  );
}
