import { describe, expect, it } from 'vitest';
import { couponToShow, promotionFrom } from '../../src/lib/catalog/promotion';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;

function params(over: Record<string, string | undefined> = {}): Map<string, string> {
  const base: Record<string, string | undefined> = {
    text_promotion_home: '<strong>Semana do Verão</strong>',
    start_hours_promotion: new Date(NOW + 5 * HOUR).toISOString(),
    has_timer_promotion: '1',
    coupon_code_promotion: 'VERAO10',
    link_promotion: '/moda-praia',
    text_button_promotion: 'Aproveitar',
    whatsapp_button_link: 'https://api.whatsapp.com/send?phone=5511987654321',
    ...over,
  };
  return new Map(Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined));
}

describe('promotionFrom', () => {
  it('builds the banner from the parameters', () => {
    expect(promotionFrom(params(), NOW)).toEqual({
      html: '<strong>Semana do Verão</strong>',
      endsAt: NOW + 5 * HOUR,
      showTimer: true,
      coupon: 'VERAO10',
      link: '/moda-praia',
      buttonText: 'Aproveitar',
      whatsappLink: 'https://api.whatsapp.com/send?phone=5511987654321',
    });
  });

  it('hides a coupon shorter than 3 characters and shows one of 3 or more', () => {
    expect(promotionFrom(params({ coupon_code_promotion: 'AB' }), NOW)?.coupon).toBeNull();
    expect(promotionFrom(params({ coupon_code_promotion: ' AB ' }), NOW)?.coupon).toBeNull();
    expect(promotionFrom(params({ coupon_code_promotion: '' }), NOW)?.coupon).toBeNull();
    expect(promotionFrom(params({ coupon_code_promotion: undefined }), NOW)?.coupon).toBeNull();
    expect(promotionFrom(params({ coupon_code_promotion: 'ABC' }), NOW)?.coupon).toBe('ABC');
    expect(promotionFrom(params({ coupon_code_promotion: ' VERAO10 ' }), NOW)?.coupon).toBe('VERAO10');
  });

  it('is null once the end has passed, and at the end itself', () => {
    expect(promotionFrom(params({ start_hours_promotion: new Date(NOW - 1000).toISOString() }), NOW)).toBeNull();
    expect(promotionFrom(params({ start_hours_promotion: new Date(NOW).toISOString() }), NOW)).toBeNull();
    expect(promotionFrom(params({ start_hours_promotion: new Date(NOW + 1000).toISOString() }), NOW)).not.toBeNull();
  });

  it('shows a promotion with no (or an unreadable) end, without a timer', () => {
    for (const end of [undefined, '', 'amanhã']) {
      const promotion = promotionFrom(params({ start_hours_promotion: end }), NOW);
      expect(promotion).not.toBeNull();
      expect(promotion?.endsAt).toBeNull();
      expect(promotion?.showTimer).toBe(false);
    }
  });

  it("shows the timer only when has_timer_promotion is '1'", () => {
    expect(promotionFrom(params({ has_timer_promotion: '1' }), NOW)?.showTimer).toBe(true);
    for (const flag of ['0', 'true', '', undefined]) {
      const promotion = promotionFrom(params({ has_timer_promotion: flag }), NOW);
      expect(promotion?.showTimer).toBe(false);
      // Without a timer the banner still ends at its time.
      expect(promotion?.endsAt).toBe(NOW + 5 * HOUR);
    }
  });

  it('is null without banner text', () => {
    expect(promotionFrom(params({ text_promotion_home: undefined }), NOW)).toBeNull();
    expect(promotionFrom(params({ text_promotion_home: '   ' }), NOW)).toBeNull();
  });

  it('leaves out empty link, button text and WhatsApp link', () => {
    const promotion = promotionFrom(
      params({ link_promotion: ' ', text_button_promotion: undefined, whatsapp_button_link: '' }),
      NOW,
    );
    expect(promotion).toMatchObject({ link: null, buttonText: null, whatsappLink: null });
  });
});

describe('couponToShow', () => {
  it('applies the 3-character rule to the trimmed code', () => {
    expect(couponToShow(null)).toBeNull();
    expect(couponToShow(undefined)).toBeNull();
    expect(couponToShow('XY')).toBeNull();
    expect(couponToShow('XYZ')).toBe('XYZ');
  });
});
