import type { FetchLike } from '../../../../src/commerce/payments/live/live-provider';
import { BOLETO_BASE, BoletoFake } from './boleto-fake';
import { hang } from './contract';
import { PAYPAL_BASE, PaypalFake } from './paypal-fake';
import { PIX_BASE, PIX_TOKEN_URL, PixFake } from './pix-fake';
import { RedeFake } from './rede-fake';

export type FakeMethod = 'pix' | 'boleto' | 'credit' | 'debit' | 'paypal';

/**
 * The four contract-checking provider fakes behind one fetch (what `paymentsFetch` and the cron get), with one
 * delay knob for all of them (every answer this late; the request's abort still ends it), their money in one ledger
 * and the provider-side objects of one method as statuses — what the fault × method table reads.
 */
export class ProviderFakes {
  readonly pix = new PixFake();
  readonly paypal = new PaypalFake();
  readonly boleto = new BoletoFake();
  readonly rede = new RedeFake();
  delayMs = 0;

  readonly fetch: FetchLike = async (request) => {
    if (this.delayMs > 0)
      await Promise.race([new Promise((resolve) => setTimeout(resolve, this.delayMs)), hang(request)]);
    const url = request.url;
    if (url.startsWith(PIX_BASE) || url === PIX_TOKEN_URL) return this.pix.fetch(request);
    if (url.startsWith(PAYPAL_BASE)) return this.paypal.fetch(request);
    if (url.startsWith(BOLETO_BASE)) return this.boleto.fetch(request);
    return this.rede.fetch(request);
  };

  /** Every contract violation any fake saw (requests we sent, answers it gave). */
  violations(): string[] {
    return [
      ...this.pix.contract.violations,
      ...this.paypal.violations,
      ...this.boleto.contract.violations,
      ...this.rede.contract.violations,
    ];
  }

  /** Money the providers hold for us, in cents: received/captured minus refunded (or being refunded). */
  money(): number {
    const boleto = [...this.boleto.cobrancas.values()].reduce(
      (s, c) => s + Math.round(Number(c.valorTotalRecebido ?? 0) * 100),
      0,
    );
    return this.pix.balanceCents() + this.paypal.balanceCents() + this.rede.balanceCents() + boleto;
  }

  /** The provider-side objects a method made, as their provider states (sorted): cobs, cobranças, transactions, orders. */
  objects(method: FakeMethod): string[] {
    const list =
      method === 'pix'
        ? [...this.pix.cobs.values()].map((c) => c.status)
        : method === 'boleto'
          ? [...this.boleto.cobrancas.values()].map((c) => c.situacao)
          : method === 'paypal'
            ? [...this.paypal.orders.values()].map((o) => o.status)
            : [...this.rede.transactions.values()].map((t) => `${t.status}${t.captured !== null ? '+captured' : ''}`);
    return list.sort();
  }

  /** Rede authorizations approved and neither captured nor cancelled: funds held on the shopper's card. */
  openAuthorizations(): number {
    return [...this.rede.transactions.values()].filter((t) => t.status === 'Approved' && t.captured === null).length;
  }
}
