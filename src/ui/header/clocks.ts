/** Spec §2/§9: the search placeholder cycles these hints, one every 3 s (9 s cycle). */
export const SEARCH_HINTS = ['Moda Praia', 'Tops', 'Leggings'] as const;
export const SEARCH_HINT_MS = 3000;

/** Spec §2 (strip): "rotation speed 500 ms", read as the slide between two messages (ADR 0008). */
export const ANNOUNCEMENT_TRANSITION_MS = 500;
/** How long each message stays on screen once it has slid in. */
export const ANNOUNCEMENT_DWELL_MS = 4000;

/** Spec §9: the promotion banner's countdown refreshes every second. */
export const COUNTDOWN_REFRESH_MS = 1000;

/** The strip's pause button (WCAG 2.2.2), named for what it does next. */
export const STRIP_LABELS = { pause: 'Pausar avisos', resume: 'Retomar avisos' } as const;
