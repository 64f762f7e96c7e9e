/** The `favorites` cookie (spec §3): product item ids joined with commas, written by the favorites store. */
const MAX_IDS = 500;

/** The ids in a `favorites` cookie value; anything malformed is skipped (the cookie is shopper-writable). */
export function parseFavoritesCookie(value: string | undefined | null): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const raw of value.split(',').slice(0, MAX_IDS)) {
    const part = raw.trim();
    if (/^\d{1,12}$/.test(part)) ids.push(Number(part));
  }
  return ids;
}

/** The heart's accessible name, the same on the product page and on listing cards. */
export function favoriteLabel(name: string, pressed: boolean): string {
  return pressed ? `Remover ${name} dos favoritos` : `Salvar ${name} nos favoritos`;
}
