/**
 * Spec §6: a host whose first label is neither the product name nor `www` is not production and
 * must not be indexed.
 */
export function isIndexableHost(host: string, productName: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const first = name.split('.')[0] ?? '';
  return first === 'www' || first === productName.toLowerCase();
}
