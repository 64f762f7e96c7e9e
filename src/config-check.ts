import { livePaymentProblems } from './commerce/payments/live/live-config';
import { parseConfig, type Bindings } from './env';

/**
 * Every problem with a set of vars (wrangler.toml [vars], .dev.vars): the worker's own rules (src/env.ts) and the
 * live payment providers' (bad values, half a provider). `npm start`, `npm run check:deploy` and `npm run deploy`
 * refuse to go on with any (scripts/config-check.mjs); a running worker would turn a bad provider off instead.
 * `secretsElsewhere`: the vars of a deploy, whose secrets are set apart (`wrangler secret put`).
 */
export function configProblems(vars: Record<string, unknown>, options: { secretsElsewhere?: boolean } = {}): string[] {
  const problems: string[] = [];
  try {
    parseConfig({ ...vars } as unknown as Bindings);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  // Before a deploy the secrets (client secrets, tokens) are not in the vars: a provider may look half set.
  for (const p of livePaymentProblems(vars)) if (!(p.incomplete && options.secretsElsewhere)) problems.push(p.message);
  return problems;
}
