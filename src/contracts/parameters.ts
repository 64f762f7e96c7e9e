import { z } from 'zod';

export const ParameterSchema = z.object({ key: z.string(), value: z.string() });
export const ParametersResponseSchema = z.array(ParameterSchema);
export type Parameter = z.infer<typeof ParameterSchema>;

/** The parameter keys the storefront reads (spec §3). */
export const PARAMETER_KEYS = [
  'start_hours_promotion',
  'text_promotion_home',
  'link_promotion',
  'text_button_promotion',
  'whatsapp_button_link',
  'coupon_code_promotion',
  'has_timer_promotion',
  'mobile_application_ios_url',
  'mobile_application_android_url',
] as const;
