import { catalogAdminRepo } from '../catalog-admin/repo';
import type { OperatorCheck } from '../stock-admin/port';
import { createImportJob, jobState, resumeImportJob, runImportJob } from './job';
import { errorsCsv, planImport, planSummary } from './plan';
import type { CatalogImportPort } from './port';
import { importRepo } from './repo';

/** Products applied per import run: about 10 queries each, under D1's 1,000 queries per invocation. */
const IMPORT_BUDGET = 50;

/** The embedded (D1) catalog import; every call checks the operator first. */
export function embeddedCatalogImport(db: D1Database, operator: OperatorCheck): CatalogImportPort {
  const repo = catalogAdminRepo(db);
  const jobs = importRepo(db);
  return {
    backofficeImportDryRun: async (csv) => {
      const who = await operator();
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
      return {
        summary: planSummary(plan),
        counts: plan.counts,
        errors: plan.errors.slice(0, 500),
        errorsCsv: errorsCsv(plan.errors),
        jobId: job?.id ?? null,
      };
    },
    backofficeImportRun: async (id) => {
      const who = await operator();
      // A failed job is resumed: it continues after its last applied product.
      if ((await jobState(jobs, id)).status === 'failed') await resumeImportJob(jobs, id, new Date());
      return runImportJob(jobs, repo, id, IMPORT_BUDGET, who.id, () => new Date());
    },
    backofficeImportJob: async (id) => (await operator(), jobState(jobs, id)),
  };
}
