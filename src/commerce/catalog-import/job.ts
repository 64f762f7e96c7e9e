import { DomainError } from '../domain-error';
import type { CatalogAdminRepo } from '../catalog-admin/repo';
import { saveProduct } from '../catalog-admin/service';
import type { ImportPlan } from './plan-types';
import type { ImportRepo, JobRow } from './repo';
import { planSummary } from './summary';

/**
 * Applying a catalog import's dry run, resumable: `createImportJob` stores the plan's products to create or change;
 * `runImportJob` applies the next ones, each as ONE batch (the product's save, its `fabrica` stock, and the job's
 * step row whose primary key refuses a step applied before). About 10 queries a product: `budget` products per
 * invocation stays under D1's 1,000 queries; the caller runs it again until `done === total`.
 */
export type JobState = JobRow;

const NO_ERRORS = 'O arquivo tem linhas com erro: corrija-as e simule de novo. Nada foi importado.';

export async function createImportJob(
  jobs: ImportRepo,
  plan: ImportPlan,
  staffId: number | null,
  now: Date,
): Promise<JobState> {
  if (plan.errors.length > 0) throw new DomainError('UNPROCESSABLE', NO_ERRORS);
  const todo = plan.products.filter((p) => p.kind !== 'unchanged');
  return jobState(jobs, await jobs.insertJob(planSummary(plan), todo, staffId, now.toISOString()));
}

export async function jobState(jobs: ImportRepo, id: number): Promise<JobState> {
  const row = await jobs.job(id);
  if (!row) throw new DomainError('NOT_FOUND', 'Importação não encontrada.');
  return row;
}

export async function runImportJob(
  jobs: ImportRepo,
  repo: CatalogAdminRepo,
  id: number,
  budget: number,
  staffId: number | null,
  now: () => Date,
): Promise<JobState> {
  const state = await jobState(jobs, id);
  if (state.status !== 'pending') return state;
  const plan = await jobs.plan(id);
  for (let step = state.done; step < plan.length && step < state.done + budget; step++) {
    const p = plan[step]!;
    const at = now().toISOString();
    try {
      await saveProduct(repo, p.save, { staffId, now: now() }, [
        ...jobs.stockStatements(p, staffId, at),
        jobs.stepStatement(id, step),
      ]);
    } catch (error) {
      // A step another run applied meanwhile: not a failure, continue from the real progress.
      if (/UNIQUE constraint failed: import_job_steps/i.test(String(error)))
        return runImportJob(jobs, repo, id, budget, staffId, now);
      const message =
        error instanceof DomainError
          ? `${p.save.slug}: ${error.message}`
          : `${p.save.slug}: falha ao gravar (${String(error)}).`;
      await jobs.fail(id, message, at);
      return jobState(jobs, id);
    }
  }
  const after = await jobState(jobs, id);
  if (after.done >= after.total) await jobs.finish(id, now().toISOString());
  return jobState(jobs, id);
}

/** A failed job goes back to pending; the next run continues after its last applied product. */
export async function resumeImportJob(jobs: ImportRepo, id: number, now: Date): Promise<JobState> {
  await jobs.resume(id, now.toISOString());
  return jobState(jobs, id);
}
