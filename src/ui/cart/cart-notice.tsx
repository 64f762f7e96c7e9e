import type { CartNotice } from './cart-view-props';

/** A spec §8 message in the cart: its title, the products it names and its text (an alert when it is an error). */
export function Notice({ notice, id }: { notice: CartNotice; id?: string }) {
  return (
    <div
      className={`cart-notice cart-notice--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      id={id}
      data-testid="cart-notice"
    >
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
