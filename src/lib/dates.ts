/** Dates as the store shows them: pt-BR, in São Paulo time (a UTC instant late at night is still that day there). */
const ZONE = 'America/Sao_Paulo';
const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});
const DAY = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, dateStyle: 'short' });

/** `27/11/2026, 01:29`. */
export const formatDateTime = (iso: string): string => DATE_TIME.format(new Date(iso));

/** `27/11/2026`: the day only. */
export const formatDay = (iso: string): string => DAY.format(new Date(iso));

const ISO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE });
const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The store's day of an instant, `2026-11-29` (an instant at 01:00 UTC is still the day before in São Paulo). */
export const storeDay = (at: Date): string => ISO_DAY.format(at);

/** The store's wall clock minus UTC at an instant, in ms (São Paulo: -3 h). */
function offsetAt(ms: number): number {
  const p = Object.fromEntries(PARTS.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(ms / 1000) * 1000;
}

/** The instant a store day (`2026-11-29`) starts, as an ISO UTC string (`2026-11-29T03:00:00.000Z`). */
export function storeDayStart(day: string): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset at the first guess may differ from the one at the day's start (a daylight-saving change).
  return new Date(midnight - offsetAt(midnight - offsetAt(midnight))).toISOString();
}

/** The instant the store day after `day` starts: a filter `to` a day takes rows before it. */
export const storeDayEnd = (day: string): string =>
  storeDayStart(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
