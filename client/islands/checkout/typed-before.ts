/**
 * What the shopper typed into the server's field `id` before the island hydrated (its code loads on the first
 * interaction, client/main.ts): React keeps a hydrated field's text on screen but would start its state empty, so
 * the next render (an error shown, a step left and come back to) would wipe what was typed. Null outside the browser,
 * or when the field is not on the page (a later render, not the hydration).
 */
export function typedBefore(id: string): string | null {
  if (typeof document === 'undefined') return null;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : null;
}
