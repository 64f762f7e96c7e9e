import { useState, type FormEvent } from 'react';
import { FormSubmit } from '../../../src/ui/account/field';
import { useStores } from '../../stores';
import { afterLogin, safeRedirect } from './after-login';

export interface LoginFormProps {
  redirect: string | null;
  /** Server-side (no-JS) result to show. */
  error?: string | null;
  login?: string;
  /** Distinguishes the ids of the modal's form from the page's. */
  idPrefix: string;
}

/** E-mail or CPF + password. A plain POST /login without JS; with JS, /api/login and no reload in between. */
export function LoginForm({ redirect, error: initialError = null, login = '', idPrefix }: LoginFormProps) {
  const stores = useStores();
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const here = typeof location === 'undefined' ? null : location;
  const target = safeRedirect(redirect, here ? here.pathname + here.search : '/minha-conta', here?.origin);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const answer = await stores.session.login({
      login: String(data.get('login') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    if (!answer.ok) {
      setBusy(false);
      setError(answer.error);
      return;
    }
    stores.ui.closeLogin();
    await afterLogin(stores, 'login', target);
  }

  return (
    <form className="auth-form" method="post" action="/login" onSubmit={(e) => void submit(e)} noValidate>
      <input type="hidden" name="redirect" value={redirect ?? ''} />
      <div className="field">
        <label htmlFor={`${idPrefix}-login`}>E-mail ou CPF</label>
        <input
          id={`${idPrefix}-login`}
          name="login"
          type="text"
          autoComplete="username"
          required
          defaultValue={login}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-password`}>Senha</label>
        <input id={`${idPrefix}-password`} name="password" type="password" autoComplete="current-password" required />
      </div>
      <FormSubmit error={error} busy={busy} label="Entrar" busyLabel="Entrando…" />
      <p className="auth-form__links">
        <a href="/esqueci-senha">Esqueci minha senha</a>
        <a href={redirect ? `/cadastro?redirect=${encodeURIComponent(target)}` : '/cadastro'}>Cadastre-se</a>
      </p>
    </form>
  );
}

/** The /login page's island (the page renders it server-side with the form's last answer). */
export function LoginPage(props: Omit<LoginFormProps, 'idPrefix'>) {
  return <LoginForm {...props} idPrefix="login-page" />;
}
