import type { ReactNode } from 'react';

/**
 * One line of an items summary: thumbnail, name over its details, price. The checkout's summary, the order
 * confirmation and the account's order detail list items with it (styles: 85-checkout.css `.co-summary__*`).
 */
export function SummaryItem(props: {
  photo: string | null;
  name: ReactNode;
  details: string;
  price: string;
  testId?: string;
}) {
  return (
    <li className="co-summary__item" data-testid={props.testId}>
      {props.photo ? <img src={props.photo} alt="" width={40} height={60} loading="lazy" /> : <span />}
      <span className="co-summary__name">
        {props.name}
        <small>{props.details}</small>
      </span>
      <span className="co-summary__price">{props.price}</span>
    </li>
  );
}
