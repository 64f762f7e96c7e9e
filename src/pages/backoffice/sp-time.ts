import { fromStoreWall, toStoreWall } from '../../lib/format/dates';

// A `datetime-local` field of a back-office form ↔ the ISO UTC time stored (coupons, banners).
/** A `datetime-local` value, São Paulo's wall clock (`2026-11-27T09:30`) → ISO UTC; NaN when it is not a real time. */
export function spLocalToIso(value: string | undefined): string | null | number {
  const text = (value ?? '').trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(wall);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || y < 2000 || y > 2100)
    return Number.NaN;
  return new Date(fromStoreWall(wall)).toISOString();
}
/** An ISO UTC time → the `datetime-local` value of São Paulo's wall clock then. */
export const isoToSpLocal = (iso: string | null): string =>
  iso ? new Date(toStoreWall(Date.parse(iso))).toISOString().slice(0, 16) : '';
