import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { AddedTooltip, useTooltip } from './cart-add';
import { QUICK_ADD } from '../common/delegated';

// The size chooser loads on the first click: listing pages pay nothing for it up front.
const QuickAddDialog = lazy(() => import('./quick-add-dialog'));

/** Where the tooltip stands: above the card's quick-add link, in viewport coordinates; `room`: width to its right. */
interface Spot {
  left: number;
  top: number;
  room: number;
}

/** The spot, and how far the tooltip may reach either side of it (the stylesheet keeps it on the screen). */
const spotStyle = ({ left, top, room }: Spot) =>
  ({ left, top, '--spot-left': `${left}px`, '--spot-room': `${room}px` }) as CSSProperties;

/**
 * Add to cart from listing cards. Each card has a link to its product page (the no-JS way to pick a
 * size); with JavaScript the link opens a size chooser instead and the size adds to the cart. An add
 * confirms like the product page's: the popover (cart store) and the 2 s tooltip, here over the card.
 */
export function QuickAdd({ imageHost }: { imageHost: string }) {
  const [open, setOpen] = useState<{ slug: string; opener: HTMLElement } | null>(null);
  const [spot, setSpot] = useState<Spot | null>(null);
  const tooltip = useTooltip();
  useEffect(() => {
    // Capture phase: runs before the client navigator's link handling.
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLElement>(QUICK_ADD);
      if (!link?.dataset.quickAdd) return;
      event.preventDefault();
      setOpen({ slug: link.dataset.quickAdd, opener: link });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  const close = () => {
    open?.opener.focus();
    setOpen(null);
  };
  const added = () => {
    const box = open?.opener.getBoundingClientRect();
    const left = box ? box.left + box.width / 2 : 0;
    setSpot(box ? { left, top: box.top, room: document.documentElement.clientWidth - left } : null);
    tooltip.show();
  };
  return (
    <>
      {open ? (
        <Suspense
          fallback={
            <div className="quick-add quick-add--loading" role="status">
              Carregando tamanhos…
            </div>
          }
        >
          <QuickAddDialog key={open.slug} slug={open.slug} imageHost={imageHost} onClose={close} onAdded={added} />
        </Suspense>
      ) : null}
      {spot && typeof document !== 'undefined'
        ? createPortal(
            <span className="quick-add__tooltip" style={spotStyle(spot)}>
              <AddedTooltip visible={tooltip.visible} />
            </span>,
            document.body,
          )
        : null}
    </>
  );
}
