import type { StripMessage } from '../../../src/contracts/content';
import { STRIP_LABELS } from '../../../src/ui/header/clocks';
import { PauseIcon, PlayIcon } from '../../../src/ui/header/icons';

/**
 * Rotating strip of five messages (the back office's, ADR 0033). All of them are in the DOM (the first one current); the ones off screen are
 * inert. The rotation, its pause on hover or focus and the shopper's stop button (WCAG 2.2.2) are plain DOM
 * (client/header-clocks.ts, `data-clock`), running from the first paint; React renders this markup and never
 * changes it. Not a live region: the rotation must not interrupt screen-reader users.
 */
export function AnnouncementStrip({ messages }: { messages: StripMessage[] }) {
  return (
    <section className="announcement" aria-label="Avisos" data-clock="">
      <ul className="announcement__list">
        {messages.map((message, index) => (
          <li
            key={index}
            className={`announcement__item${index === 0 ? ' announcement__item--current' : ''}`}
            inert={index !== 0}
          >
            {message.href ? (
              <a className="announcement__link" href={message.href}>
                {message.text}
              </a>
            ) : (
              <span className="announcement__text">{message.text}</span>
            )}
          </li>
        ))}
      </ul>
      {/* Both icons are drawn; the strip's `data-stopped` (set by the clock) chooses which one shows. */}
      <button type="button" className="announcement__toggle" aria-label={STRIP_LABELS.pause}>
        <PauseIcon />
        <PlayIcon />
      </button>
    </section>
  );
}
