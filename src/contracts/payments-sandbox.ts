import { z } from 'zod';
import { ORDER_LOOKUP_MESSAGES } from '../lib/messages/orders';

/** The sandbox issuer's one-time code for the 3-D Secure step (shown on the step's page). */
export const SANDBOX_3DS_CODE = '1234';

/** The provider sandboxes' steps (PayPal approval, 3-D Secure, consent, simulated Pix/boleto payment). */
export const SandboxReferenceSchema = z
  .string()
  .regex(/^(PAYID-[A-Z0-9]{8,40}|VTR[A-Z0-9]{22})$/, ORDER_LOOKUP_MESSAGES.paymentNotFound);

export const SandboxActionSchema = z.object({
  reference: SandboxReferenceSchema,
  action: z.enum(['approve', 'cancel', 'pay', 'challenge']),
  code: z.string().max(12).optional(),
});
export type SandboxActionInput = z.infer<typeof SandboxActionSchema>;

export const SandboxPaymentViewSchema = z.object({
  reference: z.string(),
  provider: z.string(),
  methodId: z.number().int(),
  status: z.string(),
  charged: z.number().int(),
  installments: z.number().int(),
  orderIds: z.array(z.number().int()),
  expiresAt: z.string().nullable(),
});
export type SandboxPaymentView = z.infer<typeof SandboxPaymentViewSchema>;
export const SandboxActionResultSchema = z.object({ status: z.string() });
