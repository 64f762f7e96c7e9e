// The one-place entries for the user-facing texts (eslint.config.js ONE_PLACE): every string of a catalogue in
// src/lib/messages/ is flagged as a literal, a template's text or JSX text in any other file. They are read from the
// catalogues themselves (parsed, not imported: the config cannot load TypeScript), so a new text is guarded as soon
// as it is catalogued.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const FOLDER = 'src/lib/messages';

/** Every string value of a catalogue, with the dotted path (`CART_MESSAGES.stock`) that names it. */
function texts(source) {
  const { ast } = tseslint.parser.parseForESLint(source, { range: false, loc: false });
  const found = [];
  const walk = (node, path) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'Literal' && typeof node.value === 'string') return void found.push({ text: node.value, path });
    if (node.type === 'ImportDeclaration') return;
    const name =
      node.type === 'VariableDeclarator'
        ? node.id.name
        : node.type === 'Property'
          ? (node.key.name ?? node.key.value)
          : null;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'parent' || key === 'key') continue;
      const next = name ? (path ? `${path}.${name}` : name) : path;
      for (const item of Array.isArray(child) ? child : [child]) walk(item, next);
    }
  };
  walk(ast, '');
  return found;
}

/** `text` as an esquery string ("…") and as a regular expression's source (esquery's /…/ cannot hold a slash). */
const quoted = (text) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
const pattern = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '\\x2F');

/** One catalogue folder's texts: `{ file, path, text }`, file relative to the repo root. */
export function catalogueTexts(root = fileURLToPath(new URL('..', import.meta.url))) {
  const dir = `${root.replace(/\/$/, '')}/${FOLDER}`;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .flatMap((name) =>
      texts(readFileSync(`${dir}/${name}`, 'utf8')).map((entry) => ({ file: `${FOLDER}/${name}`, ...entry })),
    );
}

/** ONE_PLACE entries: the text itself, or a template or JSX text holding it, outside its catalogue. */
export function messageEntries(root) {
  return catalogueTexts(root).map(({ file, path, text }) => ({
    selector: [
      `Literal[value=${quoted(text)}]`,
      `TemplateElement[value.cooked=/${pattern(text)}/]`,
      `JSXText[value=/${pattern(text)}/]`,
    ].join(', '),
    allow: [file],
    message: `'${text}' is ${path} (${file}): import it from its catalogue.`,
  }));
}
