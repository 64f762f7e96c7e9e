import { expect } from 'vitest';

/**
 * Minimal well-formedness check for generated XML (workerd has no DOMParser): one prolog, balanced tags,
 * and no raw `<` or unescaped `&` in text. Returns the text of every element named `tag`.
 */
export function checkXml(xml: string, tag: string): string[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('?>') + 2);
  const stack: string[] = [];
  const found: string[] = [];
  let last = 0;
  for (const m of body.matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^<>]*)>/g)) {
    const text = body.slice(last, m.index);
    expect(text, 'raw < or & in text').not.toMatch(/<|&(?!(?:amp|lt|gt|quot|apos);)/);
    const [, close, name, attrs] = m;
    if (close) {
      expect(stack.pop(), `closing </${name}>`).toBe(name);
      if (name === tag) found.push(text);
    } else if (!attrs!.endsWith('/')) stack.push(name!);
    last = m.index! + m[0].length;
  }
  expect(stack).toEqual([]);
  expect(body.slice(last).trim()).toBe('');
  return found;
}

export const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
