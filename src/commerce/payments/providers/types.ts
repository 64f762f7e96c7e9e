import type { LiveRegistry } from '../live/registry';
import type { CardBrand, Payment, PaymentMethodId } from '../../../contracts/checkout';

/** Provider names as stored in `payments.provider`. */
export type ProviderName = 'rede' | 'paypal' | 'pix' | 'boleto' | 'debit' | 'open-finance' | 'coupon';

export interface PaymentsConfig {
  /** Who processes credit cards: rede (method 1) or PayPal (method 43). */
  cardService: 'rede' | 'paypal';
  /** Sandbox switch: PayPal refuses every create (the checkout then falls back to rede). */
  paypalDown: boolean;
  pix: { key: string; merchantName: string; merchantCity: string; ttlMinutes: number };
  boleto: { bank: string; dueDays: number };
  /** How long a redirect step (PayPal approval, 3-D Secure, open-finance consent) stays open. */
  stepTtlMinutes: number;
  /** Configured live providers (payments/live/registry.ts); absent or empty: the sandboxes. */
  live?: LiveRegistry;
}

export const PAYMENTS_CONFIG: PaymentsConfig = {
  cardService: 'rede',
  paypalDown: false,
  pix: { key: 'pagamentos@vitrine.com.br', merchantName: 'Vitrine Moda', merchantCity: 'Sao Paulo', ttlMinutes: 30 },
  boleto: { bank: '237', dueDays: 3 },
  stepTtlMinutes: 60,
};

export interface ChargeRequest {
  methodId: PaymentMethodId;
  /** What the orders add up to (cents). */
  amountCents: number;
  /** What the shopper is charged, with installment interest. */
  chargedCents: number;
  installments: number;
  payment: Payment;
  /** Our random reference at the provider (also the Pix txid). */
  reference: string;
  now: Date;
  config: PaymentsConfig;
}

interface Card {
  cardBrand: CardBrand | null;
  cardLast4: string | null;
}

export type ChargeResult =
  | ({ outcome: 'paid'; provider: ProviderName } & Card)
  | ({
      outcome: 'pending';
      provider: ProviderName;
      expiresAt: string;
      pix?: { payload: string; txid: string };
      boleto?: { line: string; barcode: string; dueDate: string };
      /** Page the shopper must visit (PayPal approval, 3-D Secure, consent). */
      actionPath?: string;
    } & Card)
  | { outcome: 'declined'; provider: ProviderName; message: string };

export interface PaymentProvider {
  name: ProviderName;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export const NO_CARD: Card = { cardBrand: null, cardLast4: null };

export const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
