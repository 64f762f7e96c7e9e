/**
 * The shipping zone of a CEP, from its state and whether it is in the capital's range (the Correios
 * ranges of src/lib/customer/cep.ts): enough to price and time a delivery from the factory in São Paulo.
 */
import { cepRegion } from '../../lib/customer/cep';
import { dict } from '../../lib/security/dict';

export type Zone = 'local' | 'estadual' | 'z1' | 'z2' | 'z3' | 'z4';

export interface Place {
  state: string;
  capital: boolean;
  zone: Zone;
}

/** [first, last] five-digit prefixes, inclusive. */
type Range = [number, number];

/**
 * Ranges no carrier serves for us. `00000-000`–`00999-999` is assigned to no place by Correios;
 * Fernando de Noronha (`53990-000`–`53990-999`) is an island district our carriers do not reach.
 */
const NO_SHIPPING: Range[] = [
  [0, 999],
  [53990, 53990],
];

// prettier-ignore
const ZONES: Record<string, Zone> = dict({
  RJ: 'z1', MG: 'z1', ES: 'z1', PR: 'z1',
  SC: 'z2', RS: 'z2', DF: 'z2', GO: 'z2', MS: 'z2',
  BA: 'z3', SE: 'z3', AL: 'z3', PE: 'z3', PB: 'z3', RN: 'z3', CE: 'z3', PI: 'z3', MA: 'z3', MT: 'z3', TO: 'z3',
  PA: 'z4', AP: 'z4', AM: 'z4', RR: 'z4', AC: 'z4', RO: 'z4',
});

const within =
  (prefix: number) =>
  ([first, last]: Range) =>
    prefix >= first && prefix <= last;

/** The place of an 8-digit CEP, or null when we do not ship there. */
export function placeOf(cep: string): Place | null {
  const region = cepRegion(cep);
  if (!region || NO_SHIPPING.some(within(Number(cep.slice(0, 5))))) return null;
  const { state } = region;
  const capital = region.capital !== null;
  const zone: Zone = state === 'SP' ? (capital ? 'local' : 'estadual') : ZONES[state]!;
  return { state, capital, zone };
}
