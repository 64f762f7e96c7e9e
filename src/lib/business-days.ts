/**
 * Business days (dias úteis) on the São Paulo calendar: Monday to Friday, except Brazil's fixed-date national
 * holidays (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023): 01/01, 21/04, 01/05, 07/09, 12/10, 02/11, 15/11,
 * 20/11, 25/12. The movable holidays (Carnaval, Sexta-feira Santa, Corpus Christi) and state or city holidays
 * are not counted: on those days a due date stays as computed and the bank accepts payment the next business day.
 */
const FIXED_HOLIDAYS = new Set(['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25']);
const DAY = 86_400_000;
const SAO_PAULO_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** The São Paulo calendar date (YYYY-MM-DD) of an instant. */
export const saoPauloDate = (instant: Date) => SAO_PAULO_DATE.format(instant);

/** Whether a calendar date (YYYY-MM-DD) is a business day. */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !FIXED_HOLIDAYS.has(date.slice(5));
}

/** The date (YYYY-MM-DD) `days` business days after the São Paulo date of `now` (that day itself never counts). */
export function addBusinessDays(now: Date, days: number): string {
  let time = Date.parse(`${saoPauloDate(now)}T00:00:00Z`);
  for (let left = days; left > 0; ) {
    time += DAY;
    if (isBusinessDay(new Date(time).toISOString().slice(0, 10))) left -= 1;
  }
  return new Date(time).toISOString().slice(0, 10);
}
