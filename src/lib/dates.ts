/** Dates as the store shows them: pt-BR, in São Paulo time (a UTC instant late at night is still that day there). */
const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});
const DAY = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' });

/** `27/11/2026, 01:29`. */
export const formatDateTime = (iso: string): string => DATE_TIME.format(new Date(iso));

/** `27/11/2026`: the day only. */
export const formatDay = (iso: string): string => DAY.format(new Date(iso));
