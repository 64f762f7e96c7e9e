import { Hono, type Context } from 'hono';
import {
  StaffActiveChangeSchema,
  StaffInviteSchema,
  StaffRoleChangeSchema,
  type Operator,
} from '../../contracts/staff';
import { can } from '../../commerce/staff/permissions';
import type { AppEnv } from '../../env';
import { dict } from '../../lib/security/dict';
import { flushOutbox } from '../../http/mail';
import { Notice } from '../../ui/account/auth-layout';
import { FormError } from '../../ui/account/field';
import { failure, readForm } from '../account/forms';
import { notFound } from '../not-found';
import { asStaff, idParam, page, STAFF, type Status } from './operator-frame';
import { InviteForm, PendingInvites } from './invite-form';
import { StaffCards } from './staff-view';

const OK: Record<string, string> = dict({
  convite: 'Convite enviado por e-mail.',
  papel: 'Papel alterado.',
  situacao: 'Acesso atualizado.',
});

async function staffPage(
  c: Context<AppEnv>,
  operator: Operator,
  form: { error: string; email?: string; role?: string } | null = null,
  status: Status = 200,
) {
  const data = await c.var.commerce.backofficeStaff();
  const ok = OK[c.req.query('ok') ?? ''];
  return page(
    c,
    operator,
    STAFF,
    'Equipe',
    <>
      {!form && ok ? <Notice tone="success">{ok}</Notice> : null}
      <FormError text={form?.error ?? null} />
      {can(operator, 'staff:manage') ? null : <p>Só um dono da loja convida pessoas e muda papéis.</p>}
      <StaffCards data={data} operator={operator} />
      <PendingInvites data={data} />
      {can(operator, 'staff:manage') ? <InviteForm email={form?.email} role={form?.role} /> : null}
    </>,
    status,
  );
}

/** Runs a staff change; a refusal re-renders the page with its pt-BR reason and status. */
async function change(
  c: Context<AppEnv>,
  operator: Operator,
  ok: string,
  run: () => Promise<unknown>,
  form: { email?: string; role?: string } = {},
) {
  try {
    await run();
    return c.redirect(`${STAFF}?ok=${ok}`, 303);
  } catch (error) {
    const { status, message } = failure(error, c);
    return status === 404 ? notFound(c) : staffPage(c, operator, { error: message, ...form }, status);
  }
}

/** /painel/equipe: the staff, invitations, role changes and disabling (ADR 0028). */
export const staffRoutes = new Hono<AppEnv>()
  .get(
    STAFF,
    asStaff(null, (c, operator) => staffPage(c, operator)),
  )
  .post(
    `${STAFF}/convites`,
    asStaff('staff:manage', async (c, operator) => {
      const values = await readForm(c);
      const form = { email: values.email, role: values.role };
      const parsed = StaffInviteSchema.safeParse(form);
      if (!parsed.success) return staffPage(c, operator, { error: parsed.error.issues[0]!.message, ...form }, 400);
      return change(
        c,
        operator,
        'convite',
        async () => {
          await c.var.commerce.backofficeInviteStaff(parsed.data);
          flushOutbox(c);
        },
        form,
      );
    }),
  )
  .post(
    `${STAFF}/:id{[0-9]{1,9}}/papel`,
    asStaff('staff:manage', async (c, operator) => {
      const values = await readForm(c);
      const parsed = StaffRoleChangeSchema.safeParse({ role: values.role });
      if (!parsed.success) return staffPage(c, operator, { error: parsed.error.issues[0]!.message }, 400);
      return change(c, operator, 'papel', () => c.var.commerce.backofficeStaffRole(idParam(c), parsed.data));
    }),
  )
  .post(
    `${STAFF}/:id{[0-9]{1,9}}/situacao`,
    asStaff('staff:manage', async (c, operator) => {
      const values = await readForm(c);
      const active = values.active === '1' ? true : values.active === '0' ? false : null;
      const parsed = StaffActiveChangeSchema.safeParse({ active });
      if (!parsed.success)
        return staffPage(c, operator, { error: 'Escolha se o acesso fica ativo ou desativado.' }, 400);
      return change(c, operator, 'situacao', () => c.var.commerce.backofficeStaffActive(idParam(c), parsed.data));
    }),
  );
