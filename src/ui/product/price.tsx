import { formatBRL, installmentsLabel } from '../../lib/format/money';

export interface PriceProps {
  priceCents: number;
  listPriceCents: number;
  discountPct: number;
}

/** Price, the list price struck through while on sale, the discount and the installments. */
export function Price({ priceCents, listPriceCents, discountPct }: PriceProps) {
  const onSale = discountPct > 0 && listPriceCents > priceCents;
  const installments = installmentsLabel(priceCents);
  return (
    <div className="pdp-price">
      <p className="pdp-price__line">
        {onSale ? (
          <s className="pdp-price__list">
            <span className="pdp-sr">De </span>
            {formatBRL(listPriceCents)}
          </s>
        ) : null}
        <strong className="pdp-price__current" data-price-cents={priceCents}>
          {onSale ? <span className="pdp-sr">Por </span> : null}
          {formatBRL(priceCents)}
        </strong>
        {onSale ? (
          // The minus sign is drawn by CSS (no alternative text), so a screen reader says "Desconto de 30%", not "de -30%".
          <span className="pdp-price__off">
            <span className="pdp-sr">Desconto de </span>
            {discountPct}%
          </span>
        ) : null}
      </p>
      {installments ? <p className="pdp-price__installments">ou {installments}</p> : null}
    </div>
  );
}
