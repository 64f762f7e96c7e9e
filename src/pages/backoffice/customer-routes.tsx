import { Hono, type Context } from 'hono';
import { CashbackAdjustSchema, CustomerEraseSchema, CustomersQuerySchema } from '../../contracts/customers-admin';
import type { Operator } from '../../contracts/staff';
import type { AppEnv } from '../../env';
import { formatCpf } from '../../lib/customer/cpf';
import { dict } from '../../lib/security/dict';
import { reaisToCents } from '../../lib/format/money';
import { Notice } from '../../ui/account/auth-layout';
import { failure, readForm } from '../account/forms';
import { notFound } from '../not-found';
import { CustomerForms } from './customer-forms';
import { SearchFilter } from './list-controls';
import { CUSTOMERS, CustomerRecords, CustomersTable } from './customers-view';
import { asStaff, idParam, invalid, page, type Status } from './operator-frame';
import { UpstreamOwns } from './stock-log';

type FormState = { form: 'cashback' | 'erase'; error: string; values: Record<string, string | undefined> } | null;
const upstream = (c: Context<AppEnv>) => c.var.config.upstream !== null;
const owned = (c: Context<AppEnv>, operator: Operator, status: Status = 200) =>
  page(c, operator, CUSTOMERS, 'Clientes', <UpstreamOwns what="o cadastro de clientes" />, status);
const DONE: Readonly<Record<string, string>> = dict({
  cashback: 'Cashback ajustado.',
  apagado: 'Dados pessoais apagados. Os pedidos ficam, anonimizados.',
});

async function listPage(c: Context<AppEnv>, operator: Operator) {
  if (upstream(c)) return owned(c, operator);
  const query = CustomersQuerySchema.safeParse(c.req.query());
  if (!query.success) return invalid(c, operator, CUSTOMERS, 'Clientes', query.error.issues[0]!.message);
  const rows = await c.var.commerce.backofficeCustomers(query.data);
  return page(
    c,
    operator,
    CUSTOMERS,
    'Clientes',
    <>
      <SearchFilter id="customers-q" action={CUSTOMERS} placeholder="E-mail, nome ou CPF" value={query.data.q} />
      <CustomersTable rows={rows} />
    </>,
  );
}

async function customerPage(
  c: Context<AppEnv>,
  operator: Operator,
  id: number,
  form: FormState = null,
  status: Status = 200,
) {
  if (upstream(c)) return owned(c, operator, status);
  let customer;
  try {
    customer = await c.var.commerce.backofficeCustomer(id);
  } catch (error) {
    if (failure(error).status === 404) return notFound(c);
    throw error;
  }
  const done = form ? undefined : DONE[c.req.query('ok') ?? ''];
  return page(
    c,
    operator,
    CUSTOMERS,
    customer.name,
    <>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <p>
        {customer.erasedAt ? (
          <strong data-testid="customer-erased">
            Dados pessoais apagados (LGPD) em {customer.erasedAt.slice(0, 10)}.
          </strong>
        ) : (
          <>
            {customer.email} · CPF {formatCpf(customer.cpf)}
            {customer.phone ? ` · ${customer.phone}` : ''}
          </>
        )}
        <br />
        <a href={CUSTOMERS}>Voltar aos clientes</a>
      </p>
      <CustomerRecords customer={customer} />
      {customer.erasedAt ? null : <CustomerForms customer={customer} form={form} />}
    </>,
    status,
  );
}

/** "R$ −10,50", "-10,50", "+25" → signed cents; NaN when it does not read. */
function signedCents(text: string | undefined): number {
  const t = (text ?? '').trim().replace(/^R\$\s*/, '');
  const negative = /^[-−]/.test(t);
  const cents = reaisToCents(t.replace(/^[-−+]\s*/, ''));
  return cents === null ? Number.NaN : negative ? -cents : cents;
}

const withCustomer = (
  permission: 'customers:write',
  handler: (c: Context<AppEnv>, operator: Operator, id: number) => Promise<Response>,
) =>
  asStaff(permission, async (c, operator) =>
    upstream(c) ? owned(c, operator, 409) : handler(c, operator, idParam(c)),
  );

/** /painel/clientes: search; one customer's orders, cashback and exchanges; adjust cashback, LGPD export and erase. */
export const customerRoutes = new Hono<AppEnv>()
  .get(CUSTOMERS, asStaff(null, listPage))
  .get(
    `${CUSTOMERS}/:id{[0-9]{1,9}}`,
    asStaff(null, (c, operator) => customerPage(c, operator, idParam(c))),
  )
  .post(
    `${CUSTOMERS}/:id{[0-9]{1,9}}/cashback`,
    withCustomer('customers:write', async (c, operator, id) => {
      const values = await readForm(c);
      const balance = /^\d{1,10}$/.test(values.balance ?? '') ? Number(values.balance) : Number.NaN;
      const parsed = CashbackAdjustSchema.safeParse({
        customerId: id,
        amount: signedCents(values.amount),
        reason: values.reason ?? '',
        balance,
      });
      if (!parsed.success)
        return customerPage(c, operator, id, { form: 'cashback', error: parsed.error.issues[0]!.message, values }, 400);
      try {
        await c.var.commerce.backofficeCashbackAdjust(parsed.data);
        return c.redirect(`${CUSTOMERS}/${id}?ok=cashback`, 303);
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404
          ? notFound(c)
          : customerPage(
              c,
              operator,
              id,
              { form: 'cashback', error: message, values: status === 409 ? {} : values },
              status,
            );
      }
    }),
  )
  .post(
    `${CUSTOMERS}/:id{[0-9]{1,9}}/exportar`,
    withCustomer('customers:write', async (c, operator, id) => {
      await readForm(c);
      try {
        const data = await c.var.commerce.backofficeCustomerExport(id);
        c.header('Content-Disposition', `attachment; filename="cliente-${id}-lgpd.json"`);
        c.header('Cache-Control', 'private, no-store');
        return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404
          ? notFound(c)
          : customerPage(c, operator, id, { form: 'erase', error: message, values: {} }, status);
      }
    }),
  )
  .post(
    `${CUSTOMERS}/:id{[0-9]{1,9}}/apagar`,
    withCustomer('customers:write', async (c, operator, id) => {
      const values = await readForm(c);
      const parsed = CustomerEraseSchema.safeParse({ customerId: id, confirm: values.confirm === 'on' });
      if (!parsed.success)
        return customerPage(c, operator, id, { form: 'erase', error: parsed.error.issues[0]!.message, values }, 400);
      try {
        await c.var.commerce.backofficeCustomerErase(parsed.data);
        return c.redirect(`${CUSTOMERS}/${id}?ok=apagado`, 303);
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404
          ? notFound(c)
          : customerPage(c, operator, id, { form: 'erase', error: message, values }, status);
      }
    }),
  );
