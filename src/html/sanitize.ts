import xss from 'xss';

// xss is CommonJS: its default export carries the named classes at runtime.
const { FilterXSS } = xss as unknown as typeof import('xss');

// Operator-authored HTML (CMS text, parameters) may style and link, never script.
const filter = new FilterXSS({
  whiteList: {
    a: ['href', 'title', 'target', 'rel'],
    b: [],
    strong: [],
    em: [],
    i: [],
    u: [],
    s: [],
    br: [],
    p: [],
    span: [],
    small: [],
    mark: [],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'template'],
  onTagAttr(tag, name, value) {
    if (tag === 'a' && name === 'href' && !/^(https?:|\/|#|mailto:|tel:)/i.test(value.trim())) return '';
    return undefined;
  },
});

export function sanitizeHtml(html: string): string {
  return filter.process(html);
}
