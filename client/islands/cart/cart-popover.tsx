import { useEffect } from 'react';
import { productImage } from '../../../src/lib/images';
import { formatBRL } from '../../../src/lib/money';
import type { AddedItem } from '../../stores/cart';

/** Spec §9: the popover hides 4 s after the last add. */
export const POPOVER_MS = 4000;

interface CartPopoverProps {
  added: readonly AddedItem[];
  imageHost: string;
  onDismiss: () => void;
  onOpenCart: () => void;
}

/**
 * The popover after an add to cart (spec §2): its own chunk, loaded with the first add. Its 4 s start once it
 * is on screen (the chunk may take a moment the first time).
 */
export default function CartPopover({ added, imageHost, onDismiss, onOpenCart }: CartPopoverProps) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, POPOVER_MS);
    return () => clearTimeout(timer);
  }, [added]);
  // Escape dismisses it at once (it covers part of the page for its 4 s).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onDismiss();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onDismiss]);

  return (
    <section className="cart-popover" aria-live="polite" aria-labelledby="cart-popover-title" data-testid="cart-popover">
      <p id="cart-popover-title" className="cart-popover__title">
        {added.length > 1 ? 'PRODUTOS ADICIONADOS À SACOLA' : 'PRODUTO ADICIONADO À SACOLA'}
      </p>
      <ul className="cart-popover__items">
        {added.map((a, i) => (
          <li key={`${a.productItemId}-${i}`} className="cart-popover__item">
            {a.photo ? (
              <img src={productImage(imageHost, a.photo, 'thumbnail')} width={48} height={72} alt="" />
            ) : (
              <span className="cart-popover__thumb" />
            )}
            <div>
              <p className="cart-popover__name">{a.name}</p>
              <p>Tamanho: {a.size}</p>
              <p>Quantidade: {a.amount}</p>
              <p className="cart-popover__price">{a.gift ? 'Grátis' : formatBRL(a.price * a.amount)}</p>
            </div>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="cart-button cart-button--primary"
        onClick={onOpenCart}
      >
        VER SACOLA
      </button>
    </section>
  );
}
