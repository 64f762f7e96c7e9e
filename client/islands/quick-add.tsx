import { lazy, Suspense, useEffect, useState } from 'react';

// The size chooser loads on the first click: listing pages pay nothing for it up front.
const QuickAddDialog = lazy(() => import('./bag/quick-add-dialog'));

/**
 * Add to bag from listing cards. Each card has a link to its product page (the no-JS way to pick a
 * size); with JavaScript the link opens a size chooser instead and the size adds to the bag.
 */
export function QuickAdd({ imageHost }: { imageHost: string }) {
  const [open, setOpen] = useState<{ slug: string; opener: HTMLElement } | null>(null);
  useEffect(() => {
    // Capture phase: runs before the client navigator's link handling.
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLElement>('[data-quick-add]');
      if (!link?.dataset.quickAdd) return;
      event.preventDefault();
      setOpen({ slug: link.dataset.quickAdd, opener: link });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  if (!open) return null;
  const close = () => {
    open.opener.focus();
    setOpen(null);
  };
  return (
    <Suspense fallback={<div className="quick-add quick-add--loading" role="status">Carregando tamanhos…</div>}>
      <QuickAddDialog key={open.slug} slug={open.slug} imageHost={imageHost} onClose={close} />
    </Suspense>
  );
}
