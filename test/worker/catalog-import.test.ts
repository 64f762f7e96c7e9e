import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogAdminRepo } from '../../src/commerce/catalog-admin/repo';
import { createImportJob, jobState, resumeImportJob, runImportJob } from '../../src/commerce/catalog-import/job';
import { importRepo } from '../../src/commerce/catalog-import/repo';
import { exportCsv, planImport, planSummary } from '../../src/commerce/catalog-import/plan';
import { count } from './checkout-helpers';
import { seed } from './app-harness';
import shopifyCurrent from '../fixtures/shopify-current-products.csv?raw';
import shopifyLegacy from '../fixtures/shopify-legacy-products.csv?raw';
import vitrine from '../fixtures/vitrine-products.csv?raw';

const db = env.DB;
const repo = catalogAdminRepo(db);
const jobs = importRepo(db);
const existingProducts = (_: D1Database, slugs: string[]) => jobs.existing(slugs);
const now = () => new Date();
const slugsOf = (text: string) => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((l) => l.split(',')[1] ?? '')
      .concat(text.split(/\r?\n/).map((l) => l.split(',')[0] ?? '')),
  ),
];
const plan = async (text: string) =>
  planImport(text, await existingProducts(db, slugsOf(text)), await repo.categories());
const digest = async () =>
  JSON.stringify(
    await db
      .prepare(
        'SELECT (SELECT count(*) FROM products) AS p, (SELECT count(*) FROM product_items) AS i, (SELECT total(quantity) FROM stock) AS s, (SELECT version FROM content_version) AS v',
      )
      .first(),
  );

beforeAll(async () => {
  await seed();
});

describe('catalog CSV import into D1', () => {
  it("imports Shopify's current and legacy samples and Vitrine's template, in steps, resumable; then export → import changes nothing", async () => {
    for (const text of [shopifyCurrent, shopifyLegacy, vitrine]) {
      const dry = await plan(text);
      expect(dry.errors.map((e) => e.reason)).toEqual([]);
      const job = await createImportJob(jobs, dry, null, now());
      let state = await runImportJob(jobs, repo, job.id, 1, null, now);
      expect(state.done).toBe(Math.min(1, job.total));
      while (state.status === 'pending') state = await runImportJob(jobs, repo, job.id, 1, null, now);
      expect(state).toMatchObject({ status: 'done', done: job.total });
    }
    expect(
      (await db
        .prepare(
          "SELECT s.quantity FROM stock s JOIN product_items i ON i.id = s.product_item_id WHERE i.sku = 'AUR-PRE-P' AND s.store_id = 1",
        )
        .first<{ quantity: number }>())!.quantity,
    ).toBe(5);
    expect(await count("stock_adjustments WHERE note = 'Importação CSV'")).toBeGreaterThan(0);
    const slugs = ['vestido-midi-aurora', 'canga-listrada', 'legging-cintura-alta', 'blusa-linho-clara'];
    const snapshot = await existingProducts(db, slugs);
    expect(snapshot.size).toBe(4);
    const again = await plan(exportCsv([...snapshot.values()]));
    expect(planSummary(again)).toBe('0 novos, 0 alterados, 0 com erro');
    expect(again.counts.unchanged).toBe(4);
  });

  it('a failure stops the job after the products applied; resumed, it finishes without applying any twice', async () => {
    const text = shopifyCurrent
      .replace(/vestido-midi-aurora/g, 'vestido-midi-aurora-2')
      .replace(/AUR-/g, 'AU2-')
      .replace(/canga-listrada/g, 'canga-listrada-2')
      .replace(/CNG-LIS-U/g, 'CNG-LIS-2');
    const dry = await plan(text);
    expect(dry.counts.new).toBe(2);
    const job = await createImportJob(jobs, dry, null, now());
    // Another product takes the second one's slug between the dry run and the import.
    const seededId = (await db
      .prepare('SELECT id FROM products WHERE gift = 0 ORDER BY id LIMIT 1')
      .first<{ id: number }>())!.id;
    const oldSlug = (await db
      .prepare('SELECT slug FROM products WHERE id = ?')
      .bind(seededId)
      .first<{ slug: string }>())!.slug;
    await db.prepare("UPDATE products SET slug = 'canga-listrada-2' WHERE id = ?").bind(seededId).run();
    const failed = await runImportJob(jobs, repo, job.id, 10, null, now);
    expect(failed).toMatchObject({ status: 'failed', done: 1 });
    expect(failed.error).toMatch(/canga-listrada-2: Já existe outro produto com este endereço/);
    await db.prepare('UPDATE products SET slug = ? WHERE id = ?').bind(oldSlug, seededId).run();
    await resumeImportJob(jobs, job.id, now());
    const done = await runImportJob(jobs, repo, job.id, 10, null, now);
    expect(done).toMatchObject({ status: 'done', done: 2 });
    expect(await count("products WHERE slug = 'vestido-midi-aurora-2'")).toBe(1);
    expect(await count("product_items WHERE sku LIKE 'AU2-%'")).toBe(4);
    expect(await jobState(jobs, job.id)).toMatchObject({ done: 2, total: 2 });
  });

  it('a malformed file: row errors, no job, nothing changed', async () => {
    const before = await digest();
    const dry = await plan(vitrine.replace('"129,90"', 'abc'));
    expect(dry.errors.length).toBeGreaterThan(0);
    await expect(createImportJob(jobs, dry, null, now())).rejects.toThrow(/linhas com erro/);
    expect(await digest()).toBe(before);
    expect(await count('import_jobs WHERE summary LIKE ?', `%${dry.counts.errors} com erro%`)).toBe(0);
  });
});
