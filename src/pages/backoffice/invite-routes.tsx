import { Hono, type Context } from 'hono';
import { InviteAcceptSchema, InviteTokenSchema, type InviteView } from '../../contracts/staff';
import { ROLE_LABELS } from '../../commerce/staff/permissions';
import type { AppEnv } from '../../env';
import { PASSWORD_RULE } from '../../lib/security/password';
import { NOINDEX } from '../../http/middleware/noindex';
import { AuthLayout, Notice } from '../../ui/account/auth-layout';
import { Field } from '../../ui/account/field';
import { failure, readForm } from '../account/forms';
import { renderPage, type PageOptions } from '../render';

export const INVITE = '/painel/convite';
type Status = NonNullable<PageOptions['status']>;

/**
 * The invitation link's page (public: the token is the credential). The invitee sets a password (and, without a
 * customer account yet, a name and CPF), then signs in at /login like any customer (ADR 0028). Never indexed.
 */
function invitePage(
  c: Context<AppEnv>,
  token: string,
  state: {
    invite: InviteView | null;
    notice: { tone: 'success' | 'error'; text: string } | null;
    name?: string;
    cpf?: string;
  },
  status: Status = 200,
) {
  c.set('noindex', true);
  c.header('X-Robots-Tag', NOINDEX);
  c.header('Cache-Control', 'private, no-store');
  const { invite, notice } = state;
  return renderPage(
    c,
    <AuthLayout title="Convite para a equipe da loja">
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {notice?.tone === 'success' ? (
        <p>
          <a className="button button--primary" href="/login?redirect=%2Fpainel">
            Entrar no painel
          </a>
        </p>
      ) : invite ? (
        <form className="auth-form" method="post" action={INVITE}>
          <p>
            Convite para <strong>{invite.email}</strong>, papel <strong>{ROLE_LABELS[invite.role]}</strong>.
            {invite.hasAccount ? ' Este e-mail já tem conta na loja: defina uma nova senha para ela.' : null}
          </p>
          <input type="hidden" name="token" value={token} />
          {invite.hasAccount ? null : (
            <>
              <Field
                name="name"
                label="Nome completo"
                idPrefix="invite"
                autoComplete="name"
                required
                defaultValue={state.name ?? ''}
              />
              <Field
                name="cpf"
                label="CPF"
                idPrefix="invite"
                inputMode="numeric"
                autoComplete="off"
                required
                defaultValue={state.cpf ?? ''}
              />
            </>
          )}
          <Field
            name="password"
            label="Senha"
            idPrefix="invite"
            type="password"
            autoComplete="new-password"
            required
            hint={PASSWORD_RULE}
          />
          <button type="submit" className="button button--primary">
            Definir senha e entrar na equipe
          </button>
        </form>
      ) : null}
    </AuthLayout>,
    {
      meta: { title: 'Convite para a equipe · Painel da loja', description: 'Aceite o convite para a equipe da loja.' },
      status,
    },
  );
}

async function viewOf(
  c: Context<AppEnv>,
  token: string,
): Promise<{ invite: InviteView | null; error: string | null; status: Status }> {
  const parsed = InviteTokenSchema.safeParse(token);
  if (!parsed.success) return { invite: null, error: parsed.error.issues[0]!.message, status: 400 };
  try {
    return { invite: await c.var.commerce.staffInvite(parsed.data), error: null, status: 200 };
  } catch (error) {
    const { status, message } = failure(error, c);
    return { invite: null, error: message, status };
  }
}

export const inviteRoutes = new Hono<AppEnv>()
  .get(INVITE, async (c) => {
    const token = c.req.query('token') ?? '';
    const { invite, error, status } = await viewOf(c, token);
    return invitePage(c, token, { invite, notice: error ? { tone: 'error', text: error } : null }, status);
  })
  .post(INVITE, async (c) => {
    const values = await readForm(c);
    const token = values.token ?? '';
    const input = {
      token,
      password: values.password,
      ...(values.name ? { name: values.name } : {}),
      ...(values.cpf ? { cpf: values.cpf } : {}),
    };
    const again = async (text: string, status: Status) => {
      const view = await viewOf(c, token);
      return invitePage(
        c,
        token,
        { invite: view.invite, notice: { tone: 'error', text }, name: values.name, cpf: values.cpf },
        view.invite ? status : view.status,
      );
    };
    const parsed = InviteAcceptSchema.safeParse(input);
    if (!parsed.success) return again(parsed.error.issues[0]!.message, 400);
    try {
      const { message } = await c.var.commerce.acceptStaffInvite(parsed.data);
      return invitePage(c, '', { invite: null, notice: { tone: 'success', text: message } });
    } catch (error) {
      const { status, message } = failure(error, c);
      return again(message, status);
    }
  });
