// npm run check:docs — the design lives in the repo, so every reference to it must resolve inside a clone.
// Fails (exit 1, listing each) when
//  1. a section number cited in src/, client/, test/ or scripts/ ("spec §N", "Spec §N/§M", "(§N)") has no
//     heading `## §N …` (or `### §N.M …`) in docs/product.md. A § number that follows a named standard
//     ("RFC 9110 §7.6.1") is that standard's, not ours, and is skipped;
//  2. any file of the repo outside node_modules refers to the sibling folder the design used to live in;
//  3. a file of src/, client/, scripts/ or eslint-rules/ cites an issue, a walk or a session by number: a reader of
//     the repo cannot open those, so a comment says the reason itself (decisions are cited as ADRs).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCT = 'docs/product.md';
const CODE_DIRS = ['src', 'client', 'test', 'scripts'];
// Built from parts so this file does not match itself.
const OUTSIDE = ['..', 'shared', ''].join('/');
const SECTION = /§\s?(\d+(?:\.\d+)*)/g;
const CITES_WITHOUT_REASON = ['src/', 'client/', 'scripts/', 'eslint-rules/'];
// Built from parts so this file does not match itself.
const CITATION = new RegExp(['\\b(?:', 'issue|walk|session', ')s? ?#?\\d+\\b'].join(''), 'i');
const OTHER_STANDARD = /\b(?:RFC|ISO|IEC|ECMA|ABNT|NBR)[\s-]?[\d-]+(?:[:.]\d+)?\s*$/i;

function sectionsOf(markdown) {
  const found = new Set();
  for (const line of markdown.split('\n')) {
    const m = /^#{2,6}\s+§(\d+(?:\.\d+)*)\b/.exec(line);
    if (m) found.add(m[1]);
  }
  return found;
}

/** The repo's files: tracked plus untracked-but-not-ignored (git), else a walk of the folder. */
function repoFiles() {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root });
    return out.toString('utf8').split('\0').filter(Boolean);
  } catch {
    const files = [];
    const walk = (dir) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === '.git') continue;
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk('');
    return files;
  }
}

function readText(path) {
  try {
    if (!statSync(join(root, path)).isFile()) return null;
    const buffer = readFileSync(join(root, path));
    return buffer.subarray(0, 8000).includes(0) ? null : buffer.toString('utf8');
  } catch {
    return null; // listed by git but deleted in the work tree
  }
}

const files = repoFiles().filter((f) => !f.split('/').includes('node_modules')); // binary files are skipped by readText
const product = readText(PRODUCT);
const problems = [];
if (product === null) problems.push(`${PRODUCT}: missing`);
const sections = sectionsOf(product ?? '');
let references = 0;

for (const file of files) {
  const text = readText(file);
  if (text === null) continue;
  const inCode = CODE_DIRS.some((dir) => file.startsWith(`${dir}/`));
  text.split('\n').forEach((line, i) => {
    const where = `${relative(root, join(root, file))}:${i + 1}`;
    if (line.includes(OUTSIDE))
      problems.push(`${where}: refers to ${OUTSIDE} (point at docs/product.md or docs/architecture.md)`);
    if (CITES_WITHOUT_REASON.some((dir) => file.startsWith(dir)) && CITATION.test(line))
      problems.push(`${where}: cites "${CITATION.exec(line)[0]}" (say the reason, or cite an ADR)`);
    if (!inCode) return;
    for (const m of line.matchAll(SECTION)) {
      if (OTHER_STANDARD.test(line.slice(0, m.index))) continue;
      references += 1;
      if (!sections.has(m[1])) problems.push(`${where}: §${m[1]} has no heading "§${m[1]}" in ${PRODUCT}`);
    }
  });
}

if (problems.length) {
  console.error(`check:docs: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(
  `check:docs: ${references} § references resolve in ${PRODUCT} (${sections.size} headings); nothing refers to ${OUTSIDE}; no comment cites an issue, walk or session by number`,
);
