/** Omnichannel constants shared by the quote service and the views (no zod here: the browser imports it). */

/** Spec §3: the factory store, which ships home deliveries. */
export const FACTORY_STORE = 'fabrica';

/** Spec §8 "No shipping found". */
export const NO_SHIPPING = { title: 'Atenção!', error: 'Não encontramos um frete para o endereço informado.' } as const;
