/** Sandbox open finance: the bank's consent page; paid when the shopper authorises it there. */
export const consentPath = (reference: string) => `/checkout/open-finance/${reference}`;
