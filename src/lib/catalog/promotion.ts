/** The promotion banner's view of the operator parameters (spec §2, §3, §5). */
export interface Promotion {
  html: string;
  /** Epoch ms when the countdown ends; null when no end is set. */
  endsAt: number | null;
  showTimer: boolean;
  /** Shown only when at least 3 characters long. */
  coupon: string | null;
  link: string | null;
  buttonText: string | null;
  whatsappLink: string | null;
}

export const MIN_COUPON_LENGTH = 3;

export function couponToShow(code: string | null | undefined): string | null {
  const trimmed = code?.trim() ?? '';
  return trimmed.length >= MIN_COUPON_LENGTH ? trimmed : null;
}

/** Builds the banner from parameters, or null when there is nothing to show or it already ended. */
export function promotionFrom(params: ReadonlyMap<string, string>, now: number): Promotion | null {
  const html = params.get('text_promotion_home')?.trim() ?? '';
  if (!html) return null;
  const endRaw = params.get('start_hours_promotion')?.trim();
  const parsed = endRaw ? Date.parse(endRaw) : NaN;
  const endsAt = Number.isNaN(parsed) ? null : parsed;
  if (endsAt !== null && endsAt <= now) return null;
  const text = (key: string) => params.get(key)?.trim() || null;
  return {
    html,
    endsAt,
    showTimer: endsAt !== null && params.get('has_timer_promotion') === '1',
    coupon: couponToShow(params.get('coupon_code_promotion')),
    link: text('link_promotion'),
    buttonText: text('text_button_promotion'),
    whatsappLink: text('whatsapp_button_link'),
  };
}
