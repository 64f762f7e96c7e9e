import { useEffect, useState } from 'react';
import { countdownParts, formatCountdown } from '../../../src/lib/format/countdown';
import type { Promotion } from '../../../src/lib/catalog/promotion';
import { ChatIcon, CopyIcon } from '../../../src/ui/header/icons';
import { copyText } from '../../clipboard';

/** Spec §9: the copy label reads "copiado!" for 2 s. */
export const COPY_FEEDBACK_MS = 2000;

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

/**
 * Operator promotion: sanitised HTML text, optional countdown, coupon, main and WhatsApp buttons. The countdown and
 * the banner's end are plain DOM (client/header-clocks.ts, `data-clock` with `data-ends-at`), running from the first
 * paint and also on a page served from the edge cache; React renders the server's text and never changes it.
 */
export function PromotionBanner({ promotion }: { promotion: Promotion }) {
  const { endsAt, showTimer, coupon, link, buttonText, whatsappLink } = promotion;
  return (
    <section
      className="promo"
      aria-label="Promoção"
      data-clock={endsAt === null ? undefined : ''}
      data-ends-at={endsAt ?? undefined}
    >
      {/* Sanitised on the server (src/html/sanitize.ts); a div because the HTML may hold paragraphs. */}
      <div className="promo__text" dangerouslySetInnerHTML={{ __html: promotion.html }} />
      {showTimer && endsAt !== null ? (
        <p className="promo__timer">
          Termina em {/* The clock rewrites this text every second, before and after hydration: hydration keeps it. */}
          <span className="promo__countdown" suppressHydrationWarning>
            {formatCountdown(countdownParts(endsAt, Date.now()))}
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
