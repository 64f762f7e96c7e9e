import { useSignals } from '@preact/signals-react/runtime';
import { useStores } from '../../stores';

/** Toasts (bottom-centre) and the route-change loading bar. */
export function Overlays(_props: Record<string, never>) {
  useSignals();
  const { ui } = useStores();
  return (
    <>
      <div
        className={`route-progress${ui.navigating.value ? ' route-progress--active' : ''}`}
        role="progressbar"
        aria-label="Carregando página"
        aria-hidden={!ui.navigating.value}
      />
      <div className="toasts" role="status" aria-live="polite">
        {ui.toasts.value.map((t) => (
          <div key={t.id} className={`toast toast--${t.tone}`}>
            {t.title ? <strong className="toast__title">{t.title}</strong> : null}
            {t.message}
          </div>
        ))}
      </div>
    </>
  );
}
