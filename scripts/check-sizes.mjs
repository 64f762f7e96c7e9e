// Source files stay small enough to read whole and to review in one sitting: no file in src/ or client/ is over
// 300 lines (no exceptions: a big file is split by concern, a repo into `<concern>-repo.ts` files beside its repo.ts),
// and every folder's median file is at most 80 lines, so a folder is mostly small single-purpose modules rather
// than a few large ones. Part of the lint step: either broken fails it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { root } from './commands.mjs';

const LIMIT = 300;
const files = [];
for (const top of ['src', 'client']) {
  for (const e of readdirSync(join(root, top), { recursive: true, withFileTypes: true })) {
    const path = join(e.parentPath, e.name);
    if (e.isFile() && /\.(ts|tsx)$/.test(e.name) && !path.includes('/generated/')) files.push(path);
  }
}
const over = [];
const byFolder = new Map();
for (const file of files) {
  // Lines as `wc -l` counts them: the newline that ends the last line opens no line of its own.
  const lines = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
  const rel = relative(root, file);
  byFolder.set(dirname(rel), [...(byFolder.get(dirname(rel)) ?? []), lines.length]);
  if (lines.length > LIMIT) over.push(`${rel} (${lines.length} lines)`);
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor((a.length - 1) / 2)];
const wide = [...byFolder].filter(([, n]) => median(n) > 80).map(([d, n]) => `${d} ${median(n)}`);
console.log(
  `check-sizes: ${files.length} files; over ${LIMIT} lines: ${over.length}; folders with a median over 80 lines: ${wide.length}${wide.length ? ` (${wide.join(', ')})` : ''}`,
);
if (over.length > 0) console.error(`no file may be over ${LIMIT} lines: split it by concern:\n  ${over.join('\n  ')}`);
if (wide.length > 0)
  console.error(`a folder's median file must be at most 80 lines: split along real seams:\n  ${wide.join('\n  ')}`);
if (over.length > 0 || wide.length > 0) process.exit(1);
