/**
 * Where a CEP is, from its first five digits (Correios ranges per state, with the capital's range):
 * enough to price and time a delivery from the factory in São Paulo.
 */
import { dict } from '../../lib/dict';

export type Zone = 'local' | 'estadual' | 'z1' | 'z2' | 'z3' | 'z4';

export interface Place {
  state: string;
  capital: boolean;
  zone: Zone;
}

/** [first, last] five-digit prefixes, inclusive. */
type Range = [number, number];

const STATES: [Range, string][] = [
  [[1000, 19999], 'SP'],
  [[20000, 28999], 'RJ'],
  [[29000, 29999], 'ES'],
  [[30000, 39999], 'MG'],
  [[40000, 48999], 'BA'],
  [[49000, 49999], 'SE'],
  [[50000, 56999], 'PE'],
  [[57000, 57999], 'AL'],
  [[58000, 58999], 'PB'],
  [[59000, 59999], 'RN'],
  [[60000, 63999], 'CE'],
  [[64000, 64999], 'PI'],
  [[65000, 65999], 'MA'],
  [[66000, 68899], 'PA'],
  [[68900, 68999], 'AP'],
  [[69000, 69299], 'AM'],
  [[69300, 69399], 'RR'],
  [[69400, 69899], 'AM'],
  [[69900, 69999], 'AC'],
  [[70000, 72799], 'DF'],
  [[72800, 72999], 'GO'],
  [[73000, 73699], 'DF'],
  [[73700, 76799], 'GO'],
  [[76800, 76999], 'RO'],
  [[77000, 77999], 'TO'],
  [[78000, 78999], 'MT'],
  [[79000, 79999], 'MS'],
  [[80000, 87999], 'PR'],
  [[88000, 89999], 'SC'],
  [[90000, 99999], 'RS'],
];

// prettier-ignore
const CAPITALS: Range[] = [
  [1000, 5999], [8000, 8499], // São Paulo
  [20000, 23799], [29000, 29099], [30000, 31999], [40000, 42599], [49000, 49099], [50000, 52999],
  [57000, 57099], [58000, 58099], [59000, 59099], [60000, 61599], [64000, 64099], [65000, 65099],
  [66000, 66999], [68900, 68914], [69000, 69099], [69300, 69339], [69900, 69923],
  [70000, 72799], [73000, 73699], // Distrito Federal
  [74000, 74899], [76800, 76834], [77000, 77249], [78000, 78109], [79000, 79129], [80000, 82999],
  [88000, 88099], [90000, 91999],
];

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
  if (!/^\d{8}$/.test(cep)) return null;
  const prefix = Number(cep.slice(0, 5));
  if (NO_SHIPPING.some(within(prefix))) return null;
  const state = STATES.find(([range]) => within(prefix)(range))?.[1];
  if (!state) return null;
  const capital = CAPITALS.some(within(prefix));
  const zone: Zone = state === 'SP' ? (capital ? 'local' : 'estadual') : ZONES[state]!;
  return { state, capital, zone };
}
