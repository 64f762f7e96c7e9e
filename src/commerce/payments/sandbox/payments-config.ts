import type { Config } from '../../../env';
import { BOLETO_DUE_BUSINESS_DAYS } from '../../../lib/payments/boleto-terms';

/** Sandbox provider settings (in-house simulators; the live adapters read their own configuration). */
export interface PaymentsConfig {
  /** Who processes credit cards: rede (credit card) or PayPal (PayPal card). */
  cardService: 'rede' | 'paypal';
  /** Sandbox switch: PayPal refuses every create (the checkout then falls back to rede). */
  paypalDown: boolean;
  pix: { key: string; merchantName: string; merchantCity: string; ttlMinutes: number };
  /** `dueDays`: business days (sandbox/boleto.ts `dueDateFrom`). */
  boleto: { bank: string; dueDays: number };
  /** How long a redirect step (PayPal approval, 3-D Secure, open-finance consent) stays open. */
  stepTtlMinutes: number;
}

export const PAYMENTS_CONFIG: PaymentsConfig = {
  cardService: 'rede',
  paypalDown: false,
  pix: { key: 'pagamentos@vitrine.com.br', merchantName: 'Vitrine Moda', merchantCity: 'Sao Paulo', ttlMinutes: 30 },
  boleto: { bank: '237', dueDays: BOLETO_DUE_BUSINESS_DAYS },
  stepTtlMinutes: 60,
};

/** The payments settings of a request or a cron run: these defaults with the configured card service and PayPal switch. */
export function paymentsConfigFor(config: Pick<Config, 'cardService' | 'paypalDown'>): PaymentsConfig {
  return { ...PAYMENTS_CONFIG, cardService: config.cardService, paypalDown: config.paypalDown };
}

export const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
