import { Hono, type Context } from 'hono';
import { flushOutbox } from '../../http/mail';
import { clearSessionCookies, clientIp, setSessionCookies } from '../../http/cookies';
import { formRefusal, registrationFromForm, type FormFields } from '../../contracts/customer-forms';
import { CONTROL_CHAR_MESSAGE } from '../../contracts/text-input';
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  type Me,
} from '../../contracts/customers';
import type { AppEnv } from '../../env';
import { PASSWORD_RULE } from '../../lib/security/password';
import { Field } from '../../ui/account/field';
import { AuthLayout, Notice } from '../../ui/account/auth-layout';
import { LoginPage } from '../../../client/islands/account/login-form';
import { RegisterForm } from '../../../client/islands/account/register-form';
import { LazyIsland } from '../lazy-island';
import { renderPage, type PageOptions } from '../render';
import { currentCustomer, failure, formErrorHandler, readForm, readTypedForm, redirectTarget } from './forms';

type Status = NonNullable<PageOptions['status']>;

/**
 * Where a login lands: the `redirect` it was given (a path on this site, redirectTarget), else the back office for
 * a staff member and the account for a shopper.
 */
const loginLanding = (c: Context<AppEnv>, raw: string | null, user: Pick<Me, 'superUser'>) =>
  raw ? redirectTarget(c, raw) : user.superUser ? '/painel' : '/minha-conta';
const meta = (title: string, description: string) => ({ title, description });

function loginPage(
  c: Context<AppEnv>,
  props: { redirect: string | null; error?: string | null; login?: string },
  status: Status = 200,
) {
  return renderPage(
    c,
    <AuthLayout title="Entre na sua conta" lead="Use seu e-mail ou CPF e sua senha.">
      <LazyIsland
        name="LoginPage"
        component={LoginPage}
        props={{ redirect: props.redirect, error: props.error ?? null, login: props.login ?? '' }}
      />
    </AuthLayout>,
    { meta: { ...meta('Entrar', 'Acesse sua conta Vitrine.'), canonicalPath: '/login' }, status },
  );
}

function registerPage(
  c: Context<AppEnv>,
  values: FormFields,
  errors: Record<string, string>,
  error: string | null,
  status: Status = 200,
) {
  // What opened the login that led here (a heart's product, the checkout…): the new customer goes back there.
  const redirect = redirectTarget(c, values.redirect ?? c.req.query('redirect'));
  const { password: _omit, ...safe } = values;
  return renderPage(
    c,
    <AuthLayout
      title="Crie sua conta"
      lead="Cadastre-se para acompanhar pedidos, salvar favoritos e usar seu cashback."
    >
      <LazyIsland name="RegisterForm" component={RegisterForm} props={{ values: safe, errors, error, redirect }} />
    </AuthLayout>,
    { meta: { ...meta('Cadastro', 'Crie sua conta na Vitrine.'), canonicalPath: '/cadastro' }, status },
  );
}

function forgotPage(
  c: Context<AppEnv>,
  notice: { tone: 'success' | 'error'; text: string } | null,
  status: Status = 200,
) {
  return renderPage(
    c,
    <AuthLayout
      title="Esqueci minha senha"
      lead="Informe o e-mail da sua conta: enviaremos um link para criar uma nova senha."
    >
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <form className="auth-form" method="post" action="/esqueci-senha">
        <Field name="email" label="E-mail" idPrefix="forgot" type="email" autoComplete="email" required />
        <button type="submit" className="button button--primary">
          Enviar link
        </button>
      </form>
    </AuthLayout>,
    { meta: meta('Esqueci minha senha', 'Recupere o acesso à sua conta Vitrine.'), status },
  );
}

function resetPage(
  c: Context<AppEnv>,
  token: string,
  notice: { tone: 'success' | 'error'; text: string } | null,
  status: Status = 200,
) {
  const done = notice?.tone === 'success';
  return renderPage(
    c,
    <AuthLayout title="Criar nova senha">
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {done ? (
        <p>
          <a className="button button--primary" href="/login">
            Entrar
          </a>
        </p>
      ) : (
        <form className="auth-form" method="post" action="/redefinir-senha">
          <input type="hidden" name="token" value={token} />
          <Field
            name="password"
            label="Nova senha"
            idPrefix="reset"
            type="password"
            autoComplete="new-password"
            required
            hint={PASSWORD_RULE}
          />
          <button type="submit" className="button button--primary">
            Salvar nova senha
          </button>
        </form>
      )}
    </AuthLayout>,
    { meta: meta('Criar nova senha', 'Defina uma nova senha para sua conta Vitrine.'), status },
  );
}

/** Login, registration, logout and password pages: plain forms that work without JavaScript. */
export const authPages = new Hono<AppEnv>()
  .onError(formErrorHandler)
  .get('/login', async (c) => {
    // No `redirect` asked for: the form says none, and the login lands by who signs in (loginLanding).
    const asked = c.req.query('redirect');
    const redirect = asked ? redirectTarget(c, asked) : null;
    const user = await currentCustomer(c);
    if (user) return c.redirect(loginLanding(c, redirect, user), 303);
    return loginPage(c, { redirect });
  })
  .post('/login', async (c) => {
    // A control character: the form again with the reason (the login as typed, less it; never the password).
    const { values: form, unreadable } = await readTypedForm(c);
    const asked = unreadable?.redirect ? null : form.redirect;
    const redirect = asked ? redirectTarget(c, asked) : null;
    if (unreadable) return loginPage(c, { redirect, error: CONTROL_CHAR_MESSAGE, login: form.login }, 400);
    const parsed = LoginSchema.safeParse({ login: form.login ?? '', password: form.password ?? '' });
    if (!parsed.success)
      return loginPage(c, { redirect, error: parsed.error.issues[0]!.message, login: form.login }, 400);
    try {
      const result = await c.var.commerce.login(parsed.data, { ip: clientIp(c) });
      setSessionCookies(c, result.token, result.user);
      return c.redirect(loginLanding(c, redirect, result.user), 303);
    } catch (error) {
      const { status, message } = failure(error, c);
      return loginPage(c, { redirect, error: message, login: form.login }, status);
    }
  })
  .post('/sair', async (c) => {
    await readForm(c);
    await c.var.commerce.logout().catch(() => null);
    clearSessionCookies(c);
    return c.redirect('/', 303);
  })
  .get('/cadastro', (c) => registerPage(c, {}, {}, null))
  .post('/cadastro', async (c) => {
    const { values: form, unreadable } = await readTypedForm(c);
    const { data, refused } = formRefusal(RegisterSchema.safeParse(registrationFromForm(form)), unreadable);
    if (refused) return registerPage(c, form, refused.errors, refused.error, 400);
    try {
      const result = await c.var.commerce.register(data, { ip: clientIp(c) });
      setSessionCookies(c, result.token, result.user);
      return c.redirect(redirectTarget(c, form.redirect), 303);
    } catch (error) {
      const { status, message } = failure(error, c);
      return registerPage(c, form, {}, message, status);
    }
  })
  .get('/esqueci-senha', (c) => forgotPage(c, null))
  .post('/esqueci-senha', async (c) => {
    const { values, unreadable } = await readTypedForm(c);
    if (unreadable) return forgotPage(c, { tone: 'error', text: CONTROL_CHAR_MESSAGE }, 400);
    const parsed = ForgotPasswordSchema.safeParse({ email: values.email ?? '' });
    if (!parsed.success) return forgotPage(c, { tone: 'error', text: parsed.error.issues[0]!.message }, 400);
    try {
      const { message } = await c.var.commerce.forgotPassword(parsed.data);
      flushOutbox(c);
      return forgotPage(c, { tone: 'success', text: message });
    } catch (error) {
      const { status, message } = failure(error, c);
      return forgotPage(c, { tone: 'error', text: message }, status);
    }
  })
  .get('/redefinir-senha', (c) => resetPage(c, c.req.query('token') ?? '', null))
  .post('/redefinir-senha', async (c) => {
    const { values: form, unreadable } = await readTypedForm(c);
    if (unreadable) return resetPage(c, form.token ?? '', { tone: 'error', text: CONTROL_CHAR_MESSAGE }, 400);
    const parsed = ResetPasswordSchema.safeParse({ token: form.token ?? '', password: form.password ?? '' });
    if (!parsed.success)
      return resetPage(c, form.token ?? '', { tone: 'error', text: parsed.error.issues[0]!.message }, 400);
    try {
      return resetPage(c, '', { tone: 'success', text: (await c.var.commerce.resetPassword(parsed.data)).message });
    } catch (error) {
      const { status, message } = failure(error, c);
      return resetPage(c, form.token ?? '', { tone: 'error', text: message }, status);
    }
  });
