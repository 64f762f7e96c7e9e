// A `datetime-local` field of a back-office form ↔ the ISO UTC time stored (coupons, banners).
/** São Paulo is UTC−3 all year (no daylight saving since 2019): a `datetime-local` value there ↔ ISO UTC. */
const SP_OFFSET_MS = 3 * 3_600_000;
export function spLocalToIso(value: string | undefined): string | null | number {
  const text = (value ?? '').trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi) + SP_OFFSET_MS;
  const back = new Date(ms - SP_OFFSET_MS);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || y < 2000 || y > 2100)
    return Number.NaN;
  return new Date(ms).toISOString();
}
export const isoToSpLocal = (iso: string | null): string =>
  iso ? new Date(Date.parse(iso) - SP_OFFSET_MS).toISOString().slice(0, 16) : '';
