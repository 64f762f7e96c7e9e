/**
 * A colour swatch's fill as SVG presentation (`fill`), not a style attribute: the CSP allows no inline styles
 * (ADR 0018), and catalog colours are data. Sized by its swatch's box (`.swatch-fill`).
 */
export function SwatchFill({ color }: { color: string }) {
  return (
    <svg className="swatch-fill" viewBox="0 0 2 2" aria-hidden="true" focusable="false">
      <circle cx="1" cy="1" r="1" fill={color} />
    </svg>
  );
}
