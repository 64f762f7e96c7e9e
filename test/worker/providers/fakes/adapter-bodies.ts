import { liveAdapters } from '../../../../src/commerce/payments/live/live-config';
import { PAYPAL_BASE, PAYPAL_CLIENT } from './paypal-fake';
import { PIX_BASE, PIX_CLIENT, PIX_TOKEN_URL } from './pix-fake';
import { ProviderFakes } from './provider-fakes';
import { REDE_BASE, REDE_STORE } from './rede-fake';
import { BOLETO_BASE, BOLETO_CLIENT } from './boleto-fake';

/**
 * The request bodies our live adapters actually send: each adapter (built by the registry, as in production) makes
 * one representative call per endpoint that takes a body, against the contract-checking fakes, and every request is
 * recorded. scripts/check-provider-schemas.mjs bundles this module (esbuild) and validates each body against the
 * provider's official OpenAPI document (API Pix, PayPal Orders v2 / Payments v2 / Notifications v1); Inter and Rede
 * publish none, so theirs are checked against our subsets (the fakes' contracts) only.
 */
export interface SentBody {
  provider: 'pix' | 'paypal' | 'boleto' | 'rede';
  method: string;
  /** The path below the provider's base URL (Pix: below `/api/v2`), as the official document names it. */
  path: string;
  body: unknown;
}

const BASES: [SentBody['provider'], string][] = [
  ['pix', PIX_BASE],
  ['paypal', PAYPAL_BASE],
  ['boleto', BOLETO_BASE],
  ['rede', REDE_BASE],
];

export async function adapterBodies(): Promise<{ bodies: SentBody[]; violations: string[] }> {
  const fakes = new ProviderFakes();
  const bodies: SentBody[] = [];
  const failures: string[] = [];
  /** One provider's calls: a call the fake refused (its body off our subset) ends that provider's walk, reported. */
  const walk = async (name: string, calls: () => Promise<void>) => {
    try {
      await calls();
    } catch (error) {
      failures.push(`${name}: ${String(error)}`);
    }
  };
  const recording = async (request: Request) => {
    const base = BASES.find(([, url]) => request.url.startsWith(url));
    const type = request.headers.get('content-type') ?? '';
    if (base && request.method !== 'GET' && type.includes('json')) {
      const text = await request.clone().text();
      bodies.push({
        provider: base[0],
        method: request.method,
        path: new URL(request.url).pathname.slice(new URL(base[1]).pathname.replace(/\/$/, '').length),
        body: text ? JSON.parse(text) : undefined,
      });
    }
    return fakes.fetch(request);
  };
  const registry = liveAdapters(
    {
      PAYMENT_PROVIDER_TIMEOUT_MS: '2000',
      PIX_API_URL: PIX_BASE,
      PIX_TOKEN_URL: PIX_TOKEN_URL,
      PIX_CLIENT_ID: PIX_CLIENT.id,
      PIX_CLIENT_SECRET: PIX_CLIENT.secret,
      PIX_KEY: 'pagamentos@vitrine.com.br',
      PAYPAL_API_URL: PAYPAL_BASE,
      PAYPAL_CLIENT_ID: PAYPAL_CLIENT.id,
      PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT.secret,
      PAYPAL_WEBHOOK_ID: PAYPAL_CLIENT.webhookId,
      REDE_API_URL: REDE_BASE,
      REDE_PV: REDE_STORE.pv,
      REDE_TOKEN: REDE_STORE.token,
      BOLETO_API_URL: BOLETO_BASE,
      BOLETO_CLIENT_ID: BOLETO_CLIENT.id,
      BOLETO_CLIENT_SECRET: BOLETO_CLIENT.secret,
    },
    { fetch: recording },
  );
  const { pix, paypal, boleto, rede } = registry as Required<typeof registry>;
  const now = new Date();
  const buyer = { name: 'Maria da Silva', cpf: '52998224725', email: 'maria.silva@example.com.br' };
  const address = {
    zipCode: '01310100',
    street: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  };
  const ref = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, '').slice(0, 22)}`.toUpperCase();

  // API Pix: PUT /cob/{txid} (with the payer's CPF), PATCH /cob/{txid}, PUT /pix/{e2eid}/devolucao/{id}.
  await walk('pix', async () => {
    const cob = await pix.createCharge({
      kind: 'pix',
      reference: ref('VTRPIX'),
      amountCents: 15990,
      expiresInSeconds: 1800,
      buyer,
      now,
    });
    const [received] = fakes.pix.pay(cob.providerRef).pix;
    await pix.refund({ receiptId: received!.endToEndId, refundId: 'VTRRF1', amountCents: 5000 });
    const other = await pix.createCharge({
      kind: 'pix',
      reference: ref('VTRPIX'),
      amountCents: 990,
      expiresInSeconds: 1800,
      now,
    });
    await pix.void(other.providerRef);
  });

  // PayPal: Orders v2 create and capture, Payments v2 refund, Notifications v1 verify-webhook-signature.
  await walk('paypal', async () => {
    const order = await paypal.createCharge({
      kind: 'paypal',
      reference: ref('PAYID-'),
      amountCents: 25990,
      returnUrl: 'https://www.vitrine.com.br/checkout/retorno/X',
      cancelUrl: 'https://www.vitrine.com.br/checkout/retorno/X?cancelado=1',
      now,
    });
    fakes.paypal.approve(order.providerRef);
    const captured = await paypal.capture(order.providerRef, 25990);
    await paypal.refund({ receiptId: captured.receipts[0]!.id, refundId: 'VTRRF2', amountCents: 25990 });
    const event = fakes.paypal.event('PAYMENT.CAPTURE.COMPLETED', order.providerRef);
    await paypal.verifyWebhook(
      new Request('https://www.vitrine.com.br/api/webhooks/paypal', {
        method: 'POST',
        headers: event.headers,
        body: JSON.stringify(event.body),
      }),
    );
  });

  // Inter: POST /cobranca/v3/cobrancas, the search by seuNumero (no body: its query checked by the fake), POST
  // …/{codigoSolicitacao}/cancelar.
  await walk('boleto', async () => {
    const seuNumero = ref('B').slice(0, 15);
    const slip = await boleto.createCharge({
      kind: 'boleto',
      reference: seuNumero,
      amountCents: 15990,
      dueDate: now.toISOString().slice(0, 10),
      buyer,
      address,
      now,
    });
    if ((await boleto.findByReference!(seuNumero, now))?.providerRef !== slip.providerRef)
      failures.push('boleto: the search by seuNumero did not find the boleto just registered');
    await boleto.void(slip.providerRef);
  });

  // Rede: credit (authorize, capture, cancel) and debit with 3-D Secure.
  await walk('rede', async () => {
    const card = {
      number: '5448280000000007',
      holderName: 'MARIA DA SILVA',
      expiryMonth: 12,
      expiryYear: 2031,
      securityCode: '123',
    };
    const credit = await rede.createCharge({
      kind: 'card',
      method: 'credit',
      reference: ref('VTR'),
      amountCents: 15990,
      installments: 3,
      card,
      now,
    });
    await rede.capture(credit.providerRef, 15990);
    const debit = await rede.createCharge({
      kind: 'card',
      method: 'debit',
      reference: ref('VTR'),
      amountCents: 15990,
      installments: 1,
      card,
      threeDs: {
        successUrl: 'https://www.vitrine.com.br/checkout/retorno/X',
        failureUrl: 'https://www.vitrine.com.br/checkout/retorno/X',
        userAgent: 'Mozilla/5.0',
      },
      now,
    });
    await rede.void(debit.providerRef);
  });

  return { bodies, violations: [...fakes.violations(), ...failures] };
}
