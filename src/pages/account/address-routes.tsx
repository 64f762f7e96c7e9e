import { Hono, type Context } from 'hono';
import { addressFromForm, formRefusal, type FormFields } from '../../contracts/customer-forms';
import { AddressInputSchema, type Address, type Me } from '../../contracts/customers';
import type { AppEnv } from '../../env';
import { formatCep } from '../../lib/customer/cep';
import { AddressForm } from '../../../client/islands/account/address-form';
import { LazyIsland } from '../lazy-island';
import { idParam, ok, page, signedIn, type Status } from './account-frame';
import { AddressList } from './account-views';
import { failure, readForm, readTypedForm } from './forms';

const toValues = (a: Address): FormFields => ({
  label: a.label ?? '',
  receiver: a.receiver,
  zipCode: formatCep(a.zipCode),
  street: a.street,
  number: a.number,
  complement: a.complement ?? '',
  neighborhood: a.neighborhood,
  city: a.city,
  state: a.state,
  isDefault: a.isDefault ? 'on' : '',
});

async function addressesPage(
  c: Context<AppEnv>,
  me: Me,
  form: { id: number | null; values: FormFields; errors: Record<string, string>; error: string | null } | null,
  status: Status = 200,
) {
  const { addresses } = await c.var.commerce.addresses();
  const editing = form?.id ?? (Number(c.req.query('editar')) || null);
  const current = addresses.find((a) => a.id === editing) ?? null;
  const values = form?.values ?? (current ? toValues(current) : { receiver: me.name });
  return page(
    c,
    '/minha-conta/enderecos',
    <>
      {ok(c, 'Endereços atualizados.')}
      <AddressList addresses={addresses} />
      <h2>{current ? 'Editar endereço' : 'Novo endereço'}</h2>
      <LazyIsland
        name="AddressForm"
        component={AddressForm}
        props={{
          action: current ? `/minha-conta/enderecos/${current.id}` : '/minha-conta/enderecos',
          values,
          errors: form?.errors ?? {},
          error: form?.error ?? null,
          submitLabel: current ? 'Salvar alterações' : 'Adicionar endereço',
          cancelHref: current ? '/minha-conta/enderecos' : null,
        }}
      />
    </>,
    status,
  );
}

/** Runs an address change; a refusal re-renders the page with the message and the typed values. */
async function addressChange(
  c: Context<AppEnv>,
  me: Me,
  id: number | null,
  run: () => Promise<unknown>,
  values: FormFields = {},
) {
  try {
    await run();
    return c.redirect('/minha-conta/enderecos?ok=1', 303);
  } catch (error) {
    const { status, message } = failure(error, c);
    if (status === 404) return c.redirect('/minha-conta/enderecos', 303);
    return addressesPage(c, me, { id, values, errors: {}, error: message }, status);
  }
}

async function saveAddress(c: Context<AppEnv>, me: Me, id: number | null) {
  // A control character marks its field and keeps every other value, as a refused field does (nothing is saved).
  const { values, unreadable } = await readTypedForm(c);
  const { data, refused } = formRefusal(AddressInputSchema.safeParse(addressFromForm(values)), unreadable);
  if (refused) return addressesPage(c, me, { id, values, ...refused }, 400);
  return addressChange(
    c,
    me,
    id,
    () => (id ? c.var.commerce.updateAddress(id, data) : c.var.commerce.addAddress(data)),
    values,
  );
}

/** /minha-conta/enderecos: the list, the add/edit form, default and delete (no-JS forms, 303 back). */
export const addressRoutes = new Hono<AppEnv>()
  .get(
    '/minha-conta/enderecos',
    signedIn((c, me) => addressesPage(c, me, null)),
  )
  .post(
    '/minha-conta/enderecos',
    signedIn((c, me) => saveAddress(c, me, null)),
  )
  .post(
    '/minha-conta/enderecos/:id',
    signedIn((c, me) => saveAddress(c, me, idParam(c))),
  )
  .post(
    '/minha-conta/enderecos/:id/padrao',
    signedIn(async (c, me) => {
      await readForm(c);
      return addressChange(c, me, null, () => c.var.commerce.setDefaultAddress(idParam(c)));
    }),
  )
  .post(
    '/minha-conta/enderecos/:id/excluir',
    signedIn(async (c, me) => {
      await readForm(c);
      return addressChange(c, me, null, () => c.var.commerce.removeAddress(idParam(c)));
    }),
  );
