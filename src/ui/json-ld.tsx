import { jsonForHtml } from '../lib/security/json';

/**
 * A JSON-LD data block. The JSON is escaped for HTML (`<` → `\u003c`), so a value containing
 * `</script>` cannot close the element; the nonce keeps it valid under the page's CSP.
 */
export function JsonLd({ data, nonce }: { data: object | object[]; nonce?: string }) {
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonForHtml(data) }} />;
}
