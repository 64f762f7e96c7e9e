import { catalogAdminRepo } from '../catalog-admin/repo';
import type { StaffGate } from '../staff/service';
import { createImportJob, jobState, resumeImportJob, runImportJob } from './job';
import { errorsCsv, exportCsv, planImport, planSummary } from './plan';
import type { CatalogImportPort } from './port';
import { importRepo } from './repo';

/** Products applied per import run: about 10 queries each, under D1's 1,000 queries per invocation. */
const IMPORT_BUDGET = 50;

/**
 * The embedded (D1) catalog import: the job's page for any staff member; the dry run (which stores the job) and each run
 * need `catalog:write` and write one audit row each, after their own batches (a run is up to IMPORT_BUDGET batches,
 * one per product, each with its step row).
 */
export function embeddedCatalogImport(db: D1Database, staff: StaffGate): CatalogImportPort {
  const repo = catalogAdminRepo(db);
  const jobs = importRepo(db);
  return {
    backofficeImportDryRun: async (csv) => {
      const { operator: who, row } = await staff.write('catalog:write');
      const slugs = csv.split(/\r?\n/).flatMap((line) =>
        line
          .split(',')
          .slice(0, 2)
          .map((v) => v.trim().toLowerCase()),
      );
      const plan = planImport(csv, await jobs.existing(slugs), await repo.categories());
      const job =
        plan.errors.length === 0 && plan.counts.new + plan.counts.changed > 0
          ? await createImportJob(jobs, plan, who.id, new Date())
          : null;
      if (job) {
        await row({
          action: 'import.plan',
          entity: 'import_job',
          entityId: String(job.id),
          before: null,
          after: { ...plan.counts, total: job.total },
        }).run();
      }
      return {
        summary: planSummary(plan),
        counts: plan.counts,
        errors: plan.errors.slice(0, 500),
        errorsCsv: errorsCsv(plan.errors),
        jobId: job?.id ?? null,
      };
    },
    backofficeImportRun: async (id) => {
      const { operator: who, row } = await staff.write('catalog:write');
      const before = await jobState(jobs, id);
      // A failed job is resumed: it continues after its last applied product.
      if (before.status === 'failed') await resumeImportJob(jobs, id, new Date());
      const after = await runImportJob(jobs, repo, id, IMPORT_BUDGET, who.id, () => new Date());
      const seen = (j: typeof after) => ({ status: j.status, done: j.done, total: j.total });
      await row({
        action: 'import.run',
        entity: 'import_job',
        entityId: String(id),
        before: seen(before),
        after: seen(after),
      }).run();
      return after;
    },
    backofficeImportJob: async (id) => (await staff.read(), jobState(jobs, id)),
    // A read (any staff member, like the product list): the products as the dry run compares them, in id order.
    backofficeCatalogExport: async () => (
      await staff.read(),
      exportCsv([...(await jobs.existing(await jobs.allSlugs())).values()])
    ),
  };
}
