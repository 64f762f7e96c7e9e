/** One row of a totals list: its label, the amount as shown, and the test id tests read it by. */
export interface TotalsRow {
  label: string;
  value: string;
  testId?: string;
}

/**
 * The money totals of the cart and of the checkout's summary: rows (a `null` row is left out) and the total
 * last, in its own class. The callers decide the wording of each amount.
 */
export function TotalsList(props: {
  className: string;
  totalClassName: string;
  testId?: string;
  rows: (TotalsRow | null)[];
  total: TotalsRow;
}) {
  return (
    <dl className={props.className} data-testid={props.testId}>
      {props.rows.map((row) =>
        row ? (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ) : null,
      )}
      <div className={props.totalClassName}>
        <dt>{props.total.label}</dt>
        <dd data-testid={props.total.testId}>{props.total.value}</dd>
      </div>
    </dl>
  );
}
