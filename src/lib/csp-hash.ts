/** The CSP hash (`sha256-…`, base64) of a style attribute's exact value, as CSP Level 3 `'unsafe-hashes'` takes it. */
export async function styleAttrHash(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}
