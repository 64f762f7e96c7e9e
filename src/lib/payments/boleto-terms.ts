import { businessDaysLabel } from '../format/text';

/**
 * What the store promises about a boleto, in one place: the checkout's payment step, the order confirmation
 * and the /pagamento and /entregas pages all say it with these words. The due date is counted in business days
 * (lib/format/business-days.ts); the bank takes up to 3 business days to confirm a payment.
 */
export const BOLETO_DUE_BUSINESS_DAYS = 3;
/** How long the bank may take to confirm a boleto payment (business days). */
export const BOLETO_CONFIRMATION_BUSINESS_DAYS = 3;
export const BOLETO_CONFIRMATION_WITHIN = `até ${businessDaysLabel(BOLETO_CONFIRMATION_BUSINESS_DAYS)}`;
export const BOLETO_CONFIRMATION = `a confirmação do pagamento leva ${BOLETO_CONFIRMATION_WITHIN}`;
export const BOLETO_HINT = `Vence em ${businessDaysLabel(BOLETO_DUE_BUSINESS_DAYS)}; ${BOLETO_CONFIRMATION}.`;
