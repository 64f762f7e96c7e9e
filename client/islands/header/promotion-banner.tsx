import { useEffect, useState } from 'react';
import { countdownParts, formatCountdown } from '../../../src/lib/countdown';
import type { Promotion } from '../../../src/lib/promotion';
import { ChatIcon, CopyIcon } from '../../../src/ui/header/icons';
import { copyText } from '../../clipboard';

/** Spec §9: the countdown refreshes every second; the copy label reads "copiado!" for 2 s. */
export const COUNTDOWN_REFRESH_MS = 1000;
export const COPY_FEEDBACK_MS = 2000;
// Without a visible timer the banner only needs to wake up for the end; setTimeout caps near 24.8 days.
const MAX_WAIT_MS = 86_400_000;

/**
 * Client clock of the countdown. `now` stays null through hydration (the HTML keeps the server's text)
 * and is set by the first effect; `expired` also flips only in an effect, so hydration never changes the tree.
 */
export function useCountdown(endsAt: number | null, everySecond: boolean): { now: number | null; expired: boolean } {
  const [now, setNow] = useState<number | null>(null);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (endsAt === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const left = endsAt - t;
      if (left <= 0) {
        setExpired(true);
        return;
      }
      // Wake at the next whole second of the remaining time, so the display never lags behind.
      timer = setTimeout(tick, everySecond ? left % COUNTDOWN_REFRESH_MS || COUNTDOWN_REFRESH_MS : Math.min(left, MAX_WAIT_MS));
    };
    tick();
    return () => clearTimeout(timer);
  }, [endsAt, everySecond]);
  return { now, expired };
}

function CouponButton({ code }: { code: string }) {
  // 0 = idle; each successful copy bumps it, restarting the 2 s feedback.
  const [copied, setCopied] = useState(0);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(0), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await copyText(code)) setCopied((n) => n + 1);
  };
  return (
    <>
      <button
        type="button"
        className={`promo__coupon${copied ? ' promo__coupon--copied' : ''}`}
        aria-label={copied ? `Cupom ${code} copiado!` : `Copiar cupom ${code}`}
        onClick={copy}
      >
        <span className="promo__coupon-label">{copied ? 'copiado!' : code}</span>
        <CopyIcon />
      </button>
      <span className="sr-only" role="status">
        {copied ? `Cupom ${code} copiado` : ''}
      </span>
    </>
  );
}

/** Operator promotion: sanitised HTML text, optional countdown, coupon, main and WhatsApp buttons. */
export function PromotionBanner({ promotion }: { promotion: Promotion }) {
  const { endsAt, showTimer, coupon, link, buttonText, whatsappLink } = promotion;
  const { now, expired } = useCountdown(endsAt, showTimer);
  if (expired) return null;
  return (
    <section className="promo" aria-label="Promoção">
      {/* Sanitised on the server (src/pages/sanitize.ts); a div because the HTML may hold paragraphs. */}
      <div className="promo__text" dangerouslySetInnerHTML={{ __html: promotion.html }} />
      {showTimer && endsAt !== null ? (
        <p className="promo__timer">
          Termina em{' '}
          {/* Server and client clocks differ: hydration keeps the server's text (no mismatch error), and
              the key swaps the node once the client clock runs, so that text never lingers. */}
          <span key={now === null ? 'server' : 'client'} className="promo__countdown" suppressHydrationWarning>
            {formatCountdown(countdownParts(endsAt, now ?? Date.now()))}
          </span>
        </p>
      ) : null}
      <div className="promo__actions">
        {coupon ? <CouponButton code={coupon} /> : null}
        {link && buttonText ? (
          <a className="promo__button" href={link}>
            {buttonText}
          </a>
        ) : null}
        {whatsappLink ? (
          <a className="promo__whatsapp" href={whatsappLink} target="_blank" rel="noopener">
            <ChatIcon />
            Comprar pelo WhatsApp
          </a>
        ) : null}
      </div>
    </section>
  );
}
