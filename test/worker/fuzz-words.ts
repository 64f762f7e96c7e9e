import fc from 'fast-check';
import wordList from '../fixtures/search-words-pt-br.txt?raw';
import { generateCatalog } from '../../src/db/seed/catalog';
import { foldText } from '../../src/lib/format/text';

/**
 * Values the fuzzer draws that are real words: every name on Object.prototype (a dictionary that inherits it
 * answers `table['constructor']` with a function), and a few thousand words shoppers search for — the seed
 * catalogue's own vocabulary plus a committed pt-BR fashion word list with its plurals.
 */
export const PROTO_NAMES: readonly string[] = [
  ...new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype', '__proto__']),
].sort();

/** A pt-BR plural by the common rules (ão → ões, l → is, r/s/z → es, m → ns, else + s): real search forms. */
function plural(word: string): string {
  if (/ão$/.test(word)) return word.replace(/ão$/, 'ões');
  if (/[aeou]l$/.test(word)) return word.replace(/l$/, 'is');
  if (/[rsz]$/.test(word)) return `${word}es`;
  if (/m$/.test(word)) return word.replace(/m$/, 'ns');
  return `${word}s`;
}

function buildWords(): string[] {
  const listed = wordList
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const words = new Set<string>();
  for (const entry of listed) {
    words.add(entry);
    words.add(plural(entry));
    words.add(foldText(entry));
  }
  for (const row of generateCatalog().fts) {
    for (const word of `${row.name} ${row.body}`.split(/\s+/)) if (word) words.add(word);
  }
  return [...words];
}

export const SEARCH_WORDS: readonly string[] = buildWords();

/** A proto name as typed: as is, capitalised or shouted. */
const protoName = fc
  .tuple(fc.constantFrom(...PROTO_NAMES), fc.constantFrom('as-is', 'upper', 'capital'))
  .map(([name, form]) =>
    form === 'upper' ? name.toUpperCase() : form === 'capital' ? name[0]!.toUpperCase() + name.slice(1) : name,
  );

/** One to four words, a proto name among them about once in three, joined as a shopper would type them. */
export const wordValue: fc.Arbitrary<string> = fc.oneof(
  protoName,
  fc
    .array(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...SEARCH_WORDS) }, { weight: 1, arbitrary: protoName }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((words) => words.join(' ')),
);

const MEDIA_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'text/plain',
  'application/json',
  '',
];
const CHARSETS = [null, 'utf-8', '"UTF-8"', 'utf-16', 'iso-8859-1', 'x-nonsense'];

/** Every media type × charset a form post may claim ('' = no Content-Type header; a charset alone is sent alone). */
export const FORM_CONTENT_TYPES: readonly string[] = MEDIA_TYPES.flatMap((type) =>
  CHARSETS.map((charset) => (charset === null ? type : type ? `${type}; charset=${charset}` : `charset=${charset}`)),
);
