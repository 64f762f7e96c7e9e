import { neutralizeFormula, writeCsv } from './csv';
import type { ImportPlan } from './plan-types';
import type { RowError } from './rows';

/** "N novos, M alterados, K com erro" (products new and changed; rows with an error). */
export const planSummary = (p: ImportPlan) =>
  `${p.counts.new} ${p.counts.new === 1 ? 'novo' : 'novos'}, ${p.counts.changed} ${p.counts.changed === 1 ? 'alterado' : 'alterados'}, ${p.counts.errors} com erro`;

/** The row errors as a CSV for the operator (line number and pt-BR reason). */
export const errorsCsv = (errors: RowError[]) =>
  writeCsv([['linha', 'motivo'], ...errors.map((e) => [e.line, neutralizeFormula(e.reason)])]);
