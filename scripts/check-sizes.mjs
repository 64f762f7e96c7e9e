// Issue 17: a source file over 300 lines says why on its first line (`// Over 300 lines: <reason>`), and every
// folder's median file is at most 80 lines. Part of the lint step: either broken fails it.
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
const unexplained = [];
const byFolder = new Map();
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const rel = relative(root, file);
  byFolder.set(dirname(rel), [...(byFolder.get(dirname(rel)) ?? []), lines.length]);
  if (lines.length > LIMIT && !/^\/\/ Over 300 lines: \S/.test(lines[0]))
    unexplained.push(`${rel} (${lines.length} lines)`);
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor((a.length - 1) / 2)];
const wide = [...byFolder].filter(([, n]) => median(n) > 80).map(([d, n]) => `${d} ${median(n)}`);
console.log(
  `check-sizes: ${files.length} files; over ${LIMIT} lines without a reason: ${unexplained.length}; folders with a median over 80 lines: ${wide.length}${wide.length ? ` (${wide.join(', ')})` : ''}`,
);
if (unexplained.length > 0) {
  console.error(
    `a file over ${LIMIT} lines needs "// Over 300 lines: <reason>" as its first line:\n  ${unexplained.join('\n  ')}`,
  );
}
if (wide.length > 0)
  console.error(`a folder's median file must be at most 80 lines: split along real seams:\n  ${wide.join('\n  ')}`);
if (unexplained.length > 0 || wide.length > 0) process.exit(1);
