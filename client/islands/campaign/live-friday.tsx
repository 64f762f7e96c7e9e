import { useState, type FormEvent } from 'react';
import { countdownParts } from '../../../src/lib/format/countdown';
import { formatDayMonth } from '../../../src/lib/format/dates';
import { useCountdown } from './use-countdown';
import { ApiRequestError } from '../../api';
import { useStores } from '../../stores';

export interface LiveFridayProps {
  /** Epoch ms when Live Friday opens (src/lib/catalog/live-friday.ts). */
  startsAt: number;
  /** The server's clock at render time: the HTML and hydration show the same countdown. */
  serverNow: number;
  /** The authorisation text stored with each lead (one source: the leads service). */
  consentText: string;
}

type Status = { kind: 'idle' | 'sending' } | { kind: 'done' | 'error'; message: string };

const two = (n: number) => String(n).padStart(2, '0');

function Countdown({ startsAt, serverNow }: Pick<LiveFridayProps, 'startsAt' | 'serverNow'>) {
  const { now } = useCountdown(startsAt, true);
  const parts = countdownParts(startsAt, now ?? serverNow);
  if (parts.expired) return <p className="live-friday__open">A Live Friday começou! Aproveite as ofertas.</p>;
  const units: [number, string][] = [
    [parts.days, parts.days === 1 ? 'dia' : 'dias'],
    [parts.hours, 'horas'],
    [parts.minutes, 'minutos'],
    [parts.seconds, 'segundos'],
  ];
  const date = formatDayMonth(startsAt);
  return (
    <div className="live-friday__countdown">
      <p className="live-friday__when">Começa em {date}, à meia-noite. Faltam:</p>
      <ul
        className="countdown"
        aria-label={`Faltam ${parts.days} dias, ${parts.hours} horas e ${parts.minutes} minutos`}
      >
        {units.map(([value, label]) => (
          <li key={label} className="countdown__unit" aria-hidden="true">
            <span className="countdown__value" suppressHydrationWarning>
              {label === 'dia' || label === 'dias' ? value : two(value)}
            </span>
            <span className="countdown__label">{label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /pre-livefriday: countdown to Live Friday and the lead form (POST /api/leads, consent required). */
export function LiveFriday(props: LiveFridayProps) {
  const { gateways } = useStores();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setStatus({ kind: 'sending' });
    try {
      const answer = await gateways.leads.subscribe({
        name: form.get('name'),
        email: form.get('email'),
        phone: form.get('phone') || null,
        consent: form.get('consent') === 'on',
      });
      setStatus({ kind: 'done', message: answer?.message ?? 'Cadastro confirmado!' });
    } catch (error) {
      const refused = error instanceof ApiRequestError && error.status > 0;
      const message =
        refused && typeof error.body.error === 'string'
          ? error.message
          : 'Não foi possível concluir o cadastro. Tente novamente.';
      setStatus({ kind: 'error', message: refused ? message : 'Sem conexão. Verifique a internet e tente novamente.' });
    }
  }

  return (
    <section className="live-friday" aria-labelledby="live-friday-form">
      <Countdown startsAt={props.startsAt} serverNow={props.serverNow} />
      <h2 id="live-friday-form">Quero acesso antecipado</h2>
      {status.kind === 'done' ? (
        <p className="form-message form-message--success" role="status">
          {status.message}
        </p>
      ) : (
        <form className="lead-form" onSubmit={(e) => void submit(e)} noValidate={false}>
          <label className="field">
            <span className="field__label">Nome</span>
            <input name="name" autoComplete="name" required minLength={2} maxLength={120} />
          </label>
          <label className="field">
            <span className="field__label">E-mail</span>
            <input name="email" type="email" autoComplete="email" required maxLength={200} />
          </label>
          <label className="field">
            <span className="field__label">WhatsApp com DDD (opcional)</span>
            <input name="phone" type="tel" autoComplete="tel-national" inputMode="tel" maxLength={20} />
          </label>
          <label className="field field--check">
            <input name="consent" type="checkbox" required />
            <span>{props.consentText}</span>
          </label>
          <p className="lead-form__privacy">
            Usamos seus dados só para estes avisos. Você pode cancelar quando quiser.
          </p>
          {status.kind === 'error' ? (
            <p className="form-message form-message--error" role="alert">
              {status.message}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={status.kind === 'sending'}>
            {status.kind === 'sending' ? 'Enviando…' : 'Quero acesso antecipado'}
          </button>
        </form>
      )}
    </section>
  );
}
