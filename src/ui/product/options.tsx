import type { MouseEvent } from 'react';
import type { ProductColor } from '../../contracts/product';
import type { SizeChoice } from '../../lib/catalog/product-selection';
import { SwatchFill } from '../swatch-fill';

/**
 * Colour and size pickers are GET forms whose buttons submit `cor`/`tamanho`: without JavaScript a
 * click loads `/<slug>/p?cor=…&tamanho=…`; with it the island intercepts the click (onPick).
 */
interface PickerBase {
  action: string;
  onPick?: (value: string) => void;
}

function intercept(onPick: ((value: string) => void) | undefined, value: string) {
  if (!onPick) return undefined;
  return (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onPick(value);
  };
}

export interface ColorPickerProps extends PickerBase {
  colors: (ProductColor & { available: boolean })[];
  selected: string;
  /** Kept across a colour change when the new colour has it. */
  size: string | null;
}

export function ColorPicker({ action, onPick, colors, selected, size }: ColorPickerProps) {
  const current = colors.find((c) => c.slug === selected);
  return (
    <form className="pdp-option" method="get" action={action}>
      <fieldset>
        <legend className="pdp-option__legend">
          Cor: <strong>{current?.name}</strong>
        </legend>
        {size ? <input type="hidden" name="tamanho" value={size} /> : null}
        <div className="pdp-swatches">
          {colors.map((c) => (
            <button
              key={c.slug}
              type="submit"
              name="cor"
              value={c.slug}
              className={`pdp-swatch${c.available ? '' : ' pdp-swatch--soldout'}`}
              aria-pressed={c.slug === selected}
              aria-label={c.available ? c.name : `${c.name} (esgotada)`}
              title={c.available ? c.name : `${c.name}: esgotada`}
              data-color={c.slug}
              onClick={intercept(onPick, c.slug)}
            >
              <SwatchFill color={c.hex} />
            </button>
          ))}
        </div>
      </fieldset>
    </form>
  );
}

export interface SizePickerProps extends PickerBase {
  sizes: SizeChoice[];
  selected: string | null;
  color: string;
}

export function SizePicker({ action, onPick, sizes, selected, color }: SizePickerProps) {
  return (
    <form className="pdp-option" method="get" action={action}>
      <fieldset>
        <legend className="pdp-option__legend">
          Tamanho{selected ? ': ' : ''}
          {selected ? <strong>{selected}</strong> : null}
        </legend>
        <input type="hidden" name="cor" value={color} />
        <div className="pdp-sizes">
          {sizes.map((s) => (
            <button
              key={s.size}
              type="submit"
              name="tamanho"
              value={s.size}
              className="pdp-size"
              disabled={!s.available}
              aria-pressed={s.size === selected}
              data-size={s.size}
              title={s.available ? undefined : 'Esgotado'}
              onClick={intercept(onPick, s.size)}
            >
              {s.size}
              {s.available ? null : <span className="pdp-sr"> (esgotado)</span>}
            </button>
          ))}
        </div>
      </fieldset>
    </form>
  );
}
