import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { PageMeta } from './document';
import { renderPage } from './render';

export const NOT_FOUND_META: PageMeta = {
  title: 'Página não encontrada',
  description: 'A página que você procura não existe ou mudou de endereço.',
};

export function NotFoundPage() {
  return (
    <article className="content-page not-found">
      <h1>Página não encontrada</h1>
      <p className="content-page__lead">A página que você procura não existe ou mudou de endereço.</p>
      <p>
        <a className="button" href="/">
          Voltar para a página inicial
        </a>
      </p>
    </article>
  );
}

export function notFound(c: Context<AppEnv>): Promise<Response> {
  return renderPage(c, <NotFoundPage />, { status: 404, meta: NOT_FOUND_META });
}
