import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { isLocalHost } from '../../lib/site/host';
import { notFound } from '../not-found';
import { renderPage } from '../render';

/** Local development only: on localhost without a mail provider, or with MAIL_OUTBOX_PAGE=1. */
export function outboxPageEnabled(c: Context<AppEnv>): boolean {
  const config = c.var.config;
  if (config.upstream) return false;
  return config.outboxPage || (isLocalHost(new URL(c.req.url).hostname) && !config.mail);
}

const LINK = /(https?:\/\/[^\s]+)/g;

export const devOutboxPage = new Hono<AppEnv>().get('/dev/outbox', async (c) => {
  if (!outboxPageEnabled(c)) return notFound(c);
  const mails = await c.var.commerce.mailOutbox();
  return renderPage(
    c,
    <article className="content-page dev-outbox">
      <h1>Caixa de saída (desenvolvimento)</h1>
      <p className="content-page__lead">E-mails gerados pela loja neste ambiente. Nada aqui foi enviado de verdade.</p>
      {mails.length === 0 ? <p>Nenhum e-mail ainda.</p> : null}
      {mails.map((mail) => (
        <section key={mail.id} className="dev-outbox__mail" data-testid="outbox-mail">
          <h2>{mail.subject}</h2>
          <p>
            Para: <strong>{mail.to_email}</strong> · {mail.created_at}
            {mail.sent_at ? ' · enviado' : ' · não enviado'}
          </p>
          <pre>
            {mail.body_text.split(LINK).map((part, i) =>
              i % 2 === 1 ? (
                <a key={i} href={part}>
                  {part}
                </a>
              ) : (
                part
              ),
            )}
          </pre>
        </section>
      ))}
    </article>,
    { meta: { title: 'Caixa de saída', description: 'E-mails do ambiente de desenvolvimento.' } },
  );
});
