import { z } from 'zod';
import { ListPage } from './list-query';
import { PERMISSIONS, ROLES } from '../commerce/staff/permissions';
import { MESSAGES, NewPassword, RegisterSchema } from './customers';

/** Staff, invitations and the audit log of the back office (`/api/backoffice/staff*`, `/api/backoffice/audit`, ADR 0028). */
export const RoleSchema = z.enum(ROLES, {
  error: 'Escolha um papel da equipe: dono, catálogo, operações ou marketing.',
});

/** Who is signed in to the back office (GET /api/backoffice/me): the role and what it may do. */
export const OperatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  active: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const PendingInviteSchema = z.object({
  email: z.string(),
  role: RoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export const StaffListSchema = z.object({ staff: z.array(StaffMemberSchema), invites: z.array(PendingInviteSchema) });
export type StaffList = z.infer<typeof StaffListSchema>;

export const StaffInviteSchema = z.object({ email: RegisterSchema.shape.email, role: RoleSchema });
export type StaffInvite = z.infer<typeof StaffInviteSchema>;
export const StaffInviteResultSchema = z.object({ email: z.string(), role: RoleSchema, expiresAt: z.string() });
export type StaffInviteResult = z.infer<typeof StaffInviteResultSchema>;

export const StaffRoleChangeSchema = z.object({ role: RoleSchema });
export type StaffRoleChange = z.infer<typeof StaffRoleChangeSchema>;
export const StaffActiveChangeSchema = z.object({ active: z.boolean({ error: 'Informe se a conta fica ativa.' }) });
export type StaffActiveChange = z.infer<typeof StaffActiveChangeSchema>;

const INVITE_INVALID = 'Convite inválido ou expirado. Peça um novo convite a um dono da loja.';
export const InviteTokenSchema = z.string({ error: INVITE_INVALID }).regex(/^[A-Za-z0-9_-]{20,100}$/, INVITE_INVALID);

/** GET /api/staff-invite?token=: what the link invites to; `hasAccount` → only a password is asked. */
export const InviteViewSchema = z.object({ email: z.string(), role: RoleSchema, hasAccount: z.boolean() });
export type InviteView = z.infer<typeof InviteViewSchema>;

/** POST /api/staff-invite: a new account needs a name and CPF too (the customer account's rules). */
export const InviteAcceptSchema = z.object({
  token: InviteTokenSchema,
  password: NewPassword,
  name: RegisterSchema.shape.name.optional(),
  cpf: RegisterSchema.shape.cpf.optional(),
});
export type InviteAccept = z.infer<typeof InviteAcceptSchema>;
export const INVITE_MESSAGES = {
  invalid: INVITE_INVALID,
  accepted: 'Senha definida. Entre com seu e-mail e a nova senha para acessar o painel.',
  needsProfile: `${MESSAGES.name} ${MESSAGES.cpf}`,
} as const;

export const AUDIT_PAGE_SIZE = 50;
const Day = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      message,
    )
    .optional()
    .or(z.literal('').transform(() => undefined));
const blankless = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

export const AuditQuerySchema = z
  .object({
    entity: blankless(40, 'Tipo de registro inválido.').refine(
      (v) => v === undefined || /^[a-z_]+$/.test(v),
      'Tipo de registro inválido.',
    ),
    /** Part of the staff member's e-mail, or their id. */
    staff: blankless(200, 'Pessoa inválida: informe parte do e-mail (até 200 caracteres).'),
    from: Day('Data inicial inválida (use AAAA-MM-DD).'),
    to: Day('Data final inválida (use AAAA-MM-DD).'),
    page: ListPage,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'A data inicial deve vir antes da final.',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

const Fields = z.record(z.string(), z.unknown()).nullable();
export const AuditEntryViewSchema = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  staffEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: Fields,
  after: Fields,
  requestId: z.string(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof AuditEntryViewSchema>;
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntryViewSchema),
  entities: z.array(z.string()),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
export const AuditExportSchema = z.object({ entries: z.array(AuditEntryViewSchema), truncated: z.boolean() });
export type AuditExport = z.infer<typeof AuditExportSchema>;
