/**
 * One calendar day in ms (São Paulo keeps no daylight saving since 2019: every store day is this long). Its own
 * module so that the browser's first-load code (the header's countdown) takes the number without the date formatters
 * of dates.ts, which re-exports it.
 */
export const DAY_MS = 86_400_000;
