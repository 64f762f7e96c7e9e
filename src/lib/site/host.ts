/**
 * Spec §6: a host whose first label is neither the product name nor `www` is not production and
 * must not be indexed.
 */
export function isIndexableHost(host: string, productName: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const first = name.split('.')[0] ?? '';
  return first === 'www' || first === productName.toLowerCase();
}

/** A developer's own machine (wrangler dev, tests): where dev-only pages and origin-relative links are allowed. */
export function isLocalHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '::1';
}
