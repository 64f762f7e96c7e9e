import type { ReactNode } from 'react';
import { Footer } from '../ui/footer';
import type { HeaderProps } from '../ui/header/types';
import { Island } from './island';

export function Shell(props: { header: HeaderProps | null; imageHost: string; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      {props.header ? <Island name="Header" props={props.header} /> : null}
      <main id="conteudo" tabIndex={-1}>
        {props.children}
      </main>
      <Footer />
      <Island name="Overlays" props={{}} />
      <Island name="BagOverlay" props={{ imageHost: props.imageHost }} />
    </>
  );
}
