import type { ReactNode } from 'react';
import type { OrderDetail } from '../contracts/orders';
import { formatDigitableLine } from '../lib/payments/boleto';
import { pixQrSvg } from '../lib/payments/pix-qr';
import { CopyButton } from '../../client/islands/common/copy-button';
import { LazyIsland } from './lazy-island';

/** "Imprimir boleto": the printable boleto page (`href`: the token's or "Minha conta"'s), in a new tab. */
export function PrintBoletoLink({ href }: { href: string }) {
  return (
    <>
      {' '}
      <a className="button" href={href} target="_blank" rel="noopener">
        Imprimir boleto
      </a>
    </>
  );
}

/** Under a Pix or boleto made through the sandbox provider, on any host: nothing to pay at a bank. */
export function TestPaymentNote() {
  return <p className="sandbox-form__note">Pagamento de teste: nenhum banco cobra ou compensa este pedido.</p>;
}

/**
 * The ways to pay a pending boleto: its digitable line with a copy button, `children` (the "Imprimir boleto" link),
 * and the Pix printed on it when the bank gives one. The order confirmation and the account's order page both show it.
 */
export function BoletoPay({
  boleto,
  children,
}: {
  boleto: NonNullable<OrderDetail['payment']['boleto']>;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="boleto-line" aria-label="Linha digitável">
        {formatDigitableLine(boleto.digitableLine)}
      </p>
      <LazyIsland
        name="CopyButton"
        component={CopyButton}
        props={{ text: boleto.digitableLine, label: 'Copiar linha digitável' }}
      />
      {children}
      {boleto.pixPayload ? (
        <>
          <p>Se preferir, pague com Pix: o QR Code abaixo quita este boleto.</p>
          <div className="pix-qr" dangerouslySetInnerHTML={{ __html: pixQrSvg(boleto.pixPayload) }} />
          <LazyIsland
            name="CopyButton"
            component={CopyButton}
            props={{ text: boleto.pixPayload, label: 'Copiar código Pix' }}
          />
        </>
      ) : null}
    </>
  );
}
