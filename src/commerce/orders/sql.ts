/** The `?` list of an `IN (…)` over these ids, for the orders repo's files. */
export const ids = (list: number[]) => list.map(() => '?').join(',');
