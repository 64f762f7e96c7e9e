/**
 * Time as the store keeps it: São Paulo's zone and one day in ms, defined here only. Dates are stored as ISO UTC
 * instants and shown in pt-BR in São Paulo time (a UTC instant late at night is still that day there).
 * The formatters are marked pure so that a browser chunk importing one helper does not carry the others.
 */
export const STORE_TIME_ZONE = 'America/Sao_Paulo';
import { DAY_MS } from './day';

export { DAY_MS };

const ZONE = STORE_TIME_ZONE;
const DATE_TIME = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', {
  timeZone: ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});
const DATE_TIME_SECONDS = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', {
  timeZone: ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const SHORT_DATE = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, dateStyle: 'short' });
const DAY_MONTH = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, day: 'numeric', month: 'long' });

/** `27/11/2026, 01:29`. */
export const formatDateTime = (iso: string): string => DATE_TIME.format(new Date(iso));

/** `27/11/2026, 01:29:33`: with the seconds (what `toLocaleString('pt-BR')` writes). */
export const formatDateTimeSeconds = (iso: string): string => DATE_TIME_SECONDS.format(new Date(iso));

/** `27/11/2026`: the day only. */
export const formatDay = (iso: string): string => SHORT_DATE.format(new Date(iso));

/** `27 de novembro`: the day and the month's name. */
export const formatDayMonth = (at: number | Date): string => DAY_MONTH.format(at);

const ISO_DAY = /* @__PURE__ */ new Intl.DateTimeFormat('en-CA', { timeZone: ZONE });
const PARTS = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
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

/** The store's wall-clock hour (0-23) at an instant. */
export const storeHour = (at: Date): number => Number(PARTS.formatToParts(at).find((p) => p.type === 'hour')?.value);

/** The store's wall clock minus UTC at an instant, in ms (São Paulo: -3 h). */
function offsetAt(ms: number): number {
  const p = Object.fromEntries(PARTS.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(ms / 1000) * 1000;
}

/** An instant (epoch ms) → the store's wall clock then, written as if it were UTC (`toISOString` reads it). */
export const toStoreWall = (ms: number): number => ms + offsetAt(ms);

/** The store's wall clock written as UTC (`Date.UTC(y, m, d, h, min)`) → the instant it names, in epoch ms. */
export function fromStoreWall(wall: number): number {
  // Twice: the offset at the first guess may differ from the one at that time (a daylight-saving change).
  return wall - offsetAt(wall - offsetAt(wall));
}

/** The instant of a São Paulo wall-clock time (`12:00:00`) on a store day (`2026-11-29`). */
export const storeTime = (day: string, time: string): Date => new Date(fromStoreWall(Date.parse(`${day}T${time}Z`)));

/** The store's UTC offset at an instant, as ISO 8601 writes it (`-03:00`). */
export function storeOffset(at: Date): string {
  const minutes = Math.round(offsetAt(at.getTime()) / 60_000);
  const abs = Math.abs(minutes);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** The instant a store day (`2026-11-29`) starts, as an ISO UTC string (`2026-11-29T03:00:00.000Z`). */
export const storeDayStart = (day: string): string => storeTime(day, '00:00:00').toISOString();

/** The instant the store day after `day` starts: a filter `to` a day takes rows before it. */
export const storeDayEnd = (day: string): string =>
  storeDayStart(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10));
