/** Sandbox debit card: after the issuer authorises the card, the shopper passes a 3-D-Secure-like challenge. */
export const challengePath = (reference: string) => `/checkout/3ds/${reference}`;
export { SANDBOX_3DS_CODE } from '../../../contracts/payments-sandbox';
