import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { ANNOUNCEMENTS, ANNOUNCEMENT_DWELL_MS, ANNOUNCEMENT_TRANSITION_MS } from '../../../src/ui/header/announcements';
import { PauseIcon, PlayIcon } from '../../../src/ui/header/icons';

/**
 * Rotating strip of five messages. All of them are in the DOM (SSR shows the first); the ones off
 * screen are inert. Rotation pauses while hovered or focused, and the shopper can stop it (WCAG 2.2.2).
 * Not a live region: the rotation must not interrupt screen-reader users.
 */
export function AnnouncementStrip(_props: Record<string, never>) {
  const [current, setCurrent] = useState(0);
  const [previous, setPrevious] = useState<number | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped;
  const root = useRef<HTMLElement>(null);

  // Through the CSSOM, not a style attribute (the CSP allows none); only the rotation, which runs hydrated, uses it.
  useEffect(() => {
    root.current?.style.setProperty('--announcement-transition', `${ANNOUNCEMENT_TRANSITION_MS}ms`);
  }, []);

  useEffect(() => {
    if (paused) return;
    // The first message is on screen from the first paint; later ones first slide in, then stay.
    const delay = ANNOUNCEMENT_DWELL_MS + (previous === null ? 0 : ANNOUNCEMENT_TRANSITION_MS);
    const timer = setTimeout(() => {
      setPrevious(current);
      setCurrent((current + 1) % ANNOUNCEMENTS.length);
    }, delay);
    return () => clearTimeout(timer);
  }, [current, previous, paused]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className="announcement"
      aria-label="Avisos"
      ref={root}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <ul className="announcement__list">
        {ANNOUNCEMENTS.map((message, index) => {
          const state = index === current ? ' announcement__item--current' : index === previous ? ' announcement__item--previous' : '';
          return (
            <li key={message.id} className={`announcement__item${state}`} inert={index !== current}>
              {message.href ? (
                <a className="announcement__link" href={message.href}>
                  {message.text}
                </a>
              ) : (
                <span className="announcement__text">{message.text}</span>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="announcement__toggle"
        aria-label={stopped ? 'Retomar avisos' : 'Pausar avisos'}
        onClick={() => setStopped(!stopped)}
      >
        {stopped ? <PlayIcon /> : <PauseIcon />}
      </button>
    </section>
  );
}
