import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { trapTab } from '../../focus-trap';
import { useStores } from '../../stores';

// The form loads with the first opening: most visits never sign in from the modal (the home page's JS budget).
const LoginForm = lazy(() => import('./login-form').then((m) => ({ default: m.LoginForm })));

/** The login modal (`ui.openLogin(redirect)`: a login-required coupon, a heart without a session…). */
export function LoginModal(_props: Record<string, never>) {
  useSignals();
  const { ui } = useStores();
  const open = ui.loginOpen.value;
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="login-modal"
      aria-labelledby="login-modal-title"
      onClose={() => ui.closeLogin()}
      // A modal dialog lets Tab leave the page for the browser's own controls: keep it cycling inside.
      onKeyDown={(event) => event.key === 'Tab' && dialog.current && trapTab(event.nativeEvent, dialog.current)}
    >
      {open ? (
        <div className="login-modal__body">
          <div className="login-modal__head">
            <h2 id="login-modal-title">Entre na sua conta</h2>
            <button type="button" className="login-modal__close" aria-label="Fechar" onClick={() => ui.closeLogin()}>
              ×
            </button>
          </div>
          <Suspense fallback={<p role="status">Carregando…</p>}>
            <LoginForm redirect={ui.loginRedirect.value} idPrefix="login-modal" />
          </Suspense>
        </div>
      ) : null}
    </dialog>
  );
}
