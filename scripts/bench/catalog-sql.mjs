// Listing/search SQL timed in-process (Node's SQLite on a copy of a bench D1 database), and every result
// written out so two versions of the code can be compared result for result.
// Usage: node scripts/bench/catalog-sql.mjs --db FILE.sqlite [--runs 5] [--out results.json] [--migrate FILE.sql]
import { build } from 'esbuild';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const root = new URL('../../', import.meta.url).pathname;
const runs = Number(arg('runs', 5));
const copy = `/tmp/catalog-sql-${process.pid}.sqlite`;
copyFileSync(arg('db'), copy);
const sqlite = new DatabaseSync(copy);
sqlite.exec('PRAGMA journal_mode = WAL');
const migrate = arg('migrate');
if (migrate) sqlite.exec(readFileSync(migrate, 'utf8'));

/** The part of D1's API the repos use, over node:sqlite. */
const stmt = (sql, params = []) => ({
  sql,
  params,
  bind: (...p) => stmt(sql, p),
  all: async () => ({ results: sqlite.prepare(sql).all(...params) }),
  first: async () => sqlite.prepare(sql).get(...params) ?? null,
  run: async () => ({ meta: sqlite.prepare(sql).run(...params) }),
});
const db = { prepare: (sql) => stmt(sql), batch: async (list) => Promise.all(list.map((s) => s.all())) };

const out = await build({
  stdin: {
    contents: `export { catalogRepo } from './src/commerce/catalog/repo';
               export { listProducts } from './src/commerce/catalog/service';
               export { searchRepo } from './src/commerce/search/repo';
               export { parseQuery } from './src/commerce/search/service';
               export { ListingQuerySchema } from './src/contracts/catalog';`,
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
  logLevel: 'warning',
});
const m = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
const catalog = { repo: m.catalogRepo(db) };
const search = { repo: m.searchRepo(db) };

const params = (qs) => {
  const o = {};
  for (const [k, v] of new URLSearchParams(qs)) o[k] = o[k] === undefined ? v : [].concat(o[k], v);
  return m.ListingQuerySchema.parse(o);
};
async function call(kind, what, qs) {
  if (kind === 'listing') return m.listProducts(catalog, { kind: 'listing', slug: what }, params(qs), 'relevance');
  const parsed = await m.parseQuery(search, what);
  return parsed.match
    ? m.listProducts(catalog, { kind: 'search', match: parsed.match }, params(qs), 'relevance')
    : null;
}

const slugs = sqlite.prepare('SELECT slug, count(*) AS n FROM product_listings GROUP BY slug ORDER BY n DESC').all();
const cases = [];
const QS = [
  '',
  'tamanho=M',
  'cor=preto',
  'preco=100-200',
  'ordem=price-asc',
  'ordem=newest&pagina=3',
  'ordem=discount&pagina=40',
  'tamanho=P&tamanho=G&cor=preto&ordem=price-desc',
  'departamento=feminino&preco=0-100',
  'pagina=1000',
];
for (const { slug } of [slugs[0], slugs[1], slugs[Math.floor(slugs.length / 2)], slugs.at(-1)])
  for (const qs of QS) cases.push(['listing', slug, qs]);
for (const term of ['biquini', 'legging preto', 'leguing', 'vest', 'a', 'short saia'])
  for (const qs of QS) cases.push(['search', term, qs]);

const results = {};
const timings = { listing: [], search: [] };
const cpu0 = process.cpuUsage();
for (const [kind, what, qs] of cases) {
  const key = `${kind} ${what} ?${qs}`;
  results[key] = await call(kind, what, qs);
  const times = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    await call(kind, what, qs);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  timings[kind].push(times[Math.floor(times.length / 2)]);
}
const cpu = process.cpuUsage(cpu0);
console.log(`CPU (user+system) over all cases and runs: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`);
const pct = (list, p) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
for (const [kind, list] of Object.entries(timings)) {
  const sum = list.reduce((a, b) => a + b, 0);
  console.log(
    `${kind.padEnd(8)} ${list.length} cases, median of ${runs} runs each: p50 ${pct(list, 50).toFixed(1)} ms, max ${pct(list, 100).toFixed(1)} ms, sum ${sum.toFixed(0)} ms`,
  );
}
if (arg('out')) writeFileSync(arg('out'), JSON.stringify(results, null, 1));
