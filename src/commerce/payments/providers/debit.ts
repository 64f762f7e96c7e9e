/** Sandbox debit card: after the issuer authorises the card, the shopper passes a 3-D-Secure-like challenge. */
export const challengePath = (reference: string) => `/checkout/3ds/${reference}`;
/** The sandbox issuer's one-time code for the 3-D Secure step. */
export const SANDBOX_3DS_CODE = '1234';
