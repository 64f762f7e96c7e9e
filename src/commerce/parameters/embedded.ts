import type { CommercePort } from '../port';
import { parametersRepo } from './repo';
import { listParameters } from './service';

/** The embedded site parameters. */
export function embeddedParameters(db: D1Database): Pick<CommercePort, 'parameters'> {
  return { parameters: () => listParameters({ repo: parametersRepo(db) }) };
}
