import { z } from 'zod';

/** The authorisation the form shows next to its checkbox; stored with each lead as given. */
export const LEAD_CONSENT_TEXT =
  'Autorizo a Vitrine a me enviar por e-mail e WhatsApp avisos e ofertas da Pré-Live Friday. Posso cancelar quando quiser.';

/** POST /api/leads: the /pre-livefriday lead form (name, e-mail, optional WhatsApp, explicit consent). */
export const LeadSchema = z.object({
  campaign: z.literal('pre-livefriday', { error: 'Campanha inválida.' }).default('pre-livefriday'),
  name: z.string({ error: 'Informe seu nome.' }).trim().min(2, 'Informe seu nome.').max(120, 'Nome muito longo.'),
  email: z.email('Informe um e-mail válido.').trim().toLowerCase().max(200, 'Informe um e-mail válido.'),
  phone: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || /^\d{10,11}$/.test(v), 'Informe um WhatsApp com DDD (10 ou 11 dígitos).')
    .nullish()
    .transform((v) => (v ? v : null)),
  consent: z.literal(true, { error: 'Para receber os avisos, marque a autorização de contato.' }),
});
export type LeadInput = z.infer<typeof LeadSchema>;

export const LeadResultSchema = z.object({ ok: z.literal(true), message: z.string() });
export type LeadResult = z.infer<typeof LeadResultSchema>;

export const LEAD_MESSAGES = {
  saved: 'Cadastro confirmado! Você vai receber o acesso antecipado da Pré-Live Friday.',
  rateLimited: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.',
} as const;
