import { pixPayload } from '../../../lib/payments/pix';
import type { PixCharge } from '../provider';
import type { PaymentsConfig } from './payments-config';

/** Sandbox Pix: a BR Code "copia e cola" for the total with our reference as txid. */
export function sandboxPix(reference: string, chargedCents: number, config: PaymentsConfig): PixCharge {
  const payload = pixPayload({
    key: config.pix.key,
    amountCents: chargedCents,
    merchantName: config.pix.merchantName,
    merchantCity: config.pix.merchantCity,
    txid: reference,
  });
  return { payload, txid: reference };
}
