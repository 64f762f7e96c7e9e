import type { Parameter } from '../../contracts/parameters';
import type { ParametersRepo } from './repo';

export function listParameters(deps: { repo: ParametersRepo }): Promise<Parameter[]> {
  return deps.repo.all();
}
