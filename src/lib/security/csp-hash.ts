/**
 * The CSP hash (`sha256-…`, base64) of an exact text: a style attribute's value, as CSP Level 3 `'unsafe-hashes'`
 * takes it, or an inline script's body (a page from the edge cache, ADR 0018).
 */
export async function cspHash(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}
