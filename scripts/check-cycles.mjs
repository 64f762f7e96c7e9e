// Import cycles in src/commerce (docs/architecture.md, "Layers"): fails when a domain folder depends on
// itself through others (cart → promotions → cart) or when files import each other in a loop. Every
// import counts, `import type` included (a type loop is still two domains that must change together).
// Files directly in src/commerce (port, assembler, helpers) belong to no domain.
// Usage: node scripts/check-cycles.mjs [--quiet]
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const base = join(root, 'src/commerce');

/**
 * Import edges left out of the graph, each with its reason. The check fails when one no longer exists,
 * so the list only ever shrinks.
 */
const ALLOWED = [];

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const target = resolve(dirname(from), spec);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const rel = (file) => relative(base, file).replaceAll('\\', '/');
const domainOf = (file) => (rel(file).includes('/') ? rel(file).split('/')[0] : null);

const files = filesUnder(base);
const allowed = new Set(ALLOWED.map((a) => `${a.from} -> ${a.to}`));
const seenAllowed = new Set();
/** file → files it imports inside src/commerce */
const graph = new Map();
for (const file of files) {
  const targets = new Set();
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (!target || !target.startsWith(base)) continue;
    const edge = `${rel(file)} -> ${rel(target)}`;
    if (allowed.has(edge)) {
      seenAllowed.add(edge);
      continue;
    }
    targets.add(target);
  }
  graph.set(file, targets);
}

/** Tarjan's strongly connected components; returns those with more than one node. */
function loops(nodes, edgesOf) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edgesOf(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return found;
}

// Domain graph, with the file imports behind each edge.
const domainEdges = new Map();
for (const [file, targets] of graph) {
  const from = domainOf(file);
  if (!from) continue;
  for (const target of targets) {
    const to = domainOf(target);
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    if (!domainEdges.has(key)) domainEdges.set(key, []);
    domainEdges.get(key).push(`${rel(file)} -> ${rel(target)}`);
  }
}
const domains = [...new Set(files.map(domainOf).filter(Boolean))].sort();
const domainNext = (d) =>
  [...domainEdges.keys()].filter((k) => k.startsWith(`${d} -> `)).map((k) => k.slice(d.length + 4));
const domainLoops = loops(domains, domainNext);
const fileLoops = loops(files, (f) => graph.get(f) ?? []).map((c) => c.map(rel));

const quiet = process.argv.includes('--quiet');
let failed = 0;
for (const loop of domainLoops) {
  failed++;
  console.error(`domain cycle: ${loop.join(' ↔ ')}`);
  for (const [key, edges] of domainEdges) {
    const [from, to] = key.split(' -> ');
    if (loop.includes(from) && loop.includes(to)) for (const e of edges) console.error(`  ${e}`);
  }
}
for (const loop of fileLoops) {
  failed++;
  console.error(`file cycle: ${loop.join(' ↔ ')}`);
}
for (const a of ALLOWED) {
  const edge = `${a.from} -> ${a.to}`;
  if (!seenAllowed.has(edge)) {
    failed++;
    console.error(`stale allowance (the import is gone: remove it from ALLOWED): ${edge}`);
  } else if (!quiet) console.log(`allowed: ${edge} (${a.why})`);
}
const summary = `check-cycles: ${domains.length} domains, ${files.length} files in src/commerce; ${domainLoops.length} domain cycle(s), ${fileLoops.length} file cycle(s)`;
if (failed) {
  console.error(summary);
  process.exit(1);
}
console.log(summary);
