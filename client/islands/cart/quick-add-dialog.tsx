import { useEffect, useRef, useState } from 'react';
import type { ProductDetail, ProductSku } from '../../../src/contracts/product';
import { productImage } from '../../../src/lib/site/images';
import { formatBRL } from '../../../src/lib/format/money';
import { ApiRequestError, NETWORK_MESSAGE } from '../../api';
import { useStores } from '../../stores';
import { addSku } from './cart-add';
import { trapTab } from '../../focus-trap';

interface Props {
  slug: string;
  imageHost: string;
  onClose(): void;
  /** After a successful add (the listing shows the tooltip). */
  onAdded?(): void;
}

/** The listing card's size chooser: the first colour with stock, its sizes as buttons (a modal: Tab stays in it, Esc closes). */
export default function QuickAddDialog({ slug, imageHost, onClose, onAdded }: Props) {
  const stores = useStores();
  const [product, setProduct] = useState<ProductDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    stores.gateways.catalog
      .product(slug)
      .then((p) => live && setProduct(p))
      .catch((e: unknown) => live && setProblem(e instanceof ApiRequestError ? e.message : NETWORK_MESSAGE));
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'Tab' && panel.current) trapTab(event, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      live = false;
      document.removeEventListener('keydown', onKey);
    };
  }, [slug]);

  useEffect(() => {
    // Focus the first size once they are there, else the panel (screen readers hear the title).
    (panel.current?.querySelector<HTMLElement>('.quick-add__size:not(:disabled)') ?? panel.current)?.focus();
  }, [product]);

  const color =
    product?.colors.find((c) => product.skus.some((s) => s.color === c.slug && s.available)) ?? product?.colors[0];
  const sizes =
    product && color
      ? product.skus.filter((s) => s.color === color.slug).sort((a, b) => a.sizeOrder - b.sizeOrder)
      : [];

  async function pick(sku: ProductSku) {
    if (!product || !color || busy !== null) return;
    setBusy(sku.productItemId);
    const ok = await addSku(stores, product, { name: color.name, photo: color.photos[0] ?? null }, sku);
    setBusy(null);
    if (!ok) return;
    onAdded?.();
    onClose();
  }

  return (
    <div className="quick-add">
      <div className="cart-drawer__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        className="quick-add__panel"
        ref={panel}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="quick-add-title"
      >
        <div className="cart-drawer__head">
          <h2 id="quick-add-title" className="quick-add__title">
            {product ? product.name : 'Escolha o tamanho'}
          </h2>
          <button type="button" className="cart-drawer__close" onClick={onClose} aria-label="Fechar">
            ×
          </button>
        </div>
        {problem ? <p role="alert">{problem}</p> : null}
        {!product && !problem ? <p role="status">Carregando tamanhos…</p> : null}
        {product && color ? (
          <div className="quick-add__body">
            {color.photos[0] ? (
              <img src={productImage(imageHost, color.photos[0], 'thumbnail')} width={80} height={120} alt="" />
            ) : null}
            <div>
              <p>
                {color.name} · {formatBRL(sizes.find((s) => s.available)?.priceCents ?? product.priceCents)}
              </p>
              <p id="quick-add-sizes">Escolha o tamanho para adicionar à sacola:</p>
              <div className="quick-add__sizes" role="group" aria-labelledby="quick-add-sizes">
                {sizes.map((s) => (
                  <button
                    key={s.productItemId}
                    type="button"
                    className="pdp-size quick-add__size"
                    disabled={!s.available || busy !== null}
                    aria-busy={busy === s.productItemId}
                    onClick={() => void pick(s)}
                  >
                    {s.size}
                    {s.available ? null : <span className="visually-hidden"> (esgotado)</span>}
                  </button>
                ))}
              </div>
              <a className="cart-link-button" href={`/${product.slug}/p`}>
                Ver detalhes do produto
              </a>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
