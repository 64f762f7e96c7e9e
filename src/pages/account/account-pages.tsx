// Over 300 lines: the account area's form routes (profile, password, addresses) share one parse → validate → re-render-with-errors flow kept side by side.
import { Hono, type Context } from 'hono';
import type { ReactNode } from 'react';
import { addressFromForm, fieldErrors, profileFromForm, type FormFields } from '../../contracts/customer-forms';
import {
  AddressInputSchema,
  ChangePasswordSchema,
  ProfileUpdateSchema,
  type Address,
  type Me,
} from '../../contracts/customers';
import type { AppEnv } from '../../env';
import { formatCep } from '../../lib/cep';
import { AccountLayout } from '../../ui/account/account-layout';
import { Notice } from '../../ui/account/auth-layout';
import { AddressForm } from '../../../client/islands/account/address-form';
import { LazyIsland } from '../lazy-island';
import { ACCOUNT_PAGES } from '../content-pages';
import { renderPage, type PageOptions } from '../render';
import { CashbackView } from './cashback-view';
import { SalesView } from './sales-view';
import { ExchangesView } from './exchanges-view';
import { ExchangeRequestSchema } from '../../contracts/exchanges';
import { FavoritesList } from './favorites-view';
import { OrderList, OrderView } from './orders-view';
import { notFound } from '../not-found';
import { AddressList, ProfileForms } from './account-views';
import { currentCustomer, failure, formErrorHandler, loginUrl, readForm } from './forms';

type Status = NonNullable<PageOptions['status']>;
type Handler = (c: Context<AppEnv>, me: Me) => Promise<Response> | Response;

const pageMeta = (path: string) => {
  const page = ACCOUNT_PAGES.find((p) => p.path === path)!;
  return { title: page.title, description: page.description, lead: page.lead };
};

/** Session required: without one, to the login page and back here afterwards (spec §2 account routes). */
const signedIn = (handler: Handler) => async (c: Context<AppEnv>) => {
  const me = await currentCustomer(c);
  if (!me) return c.redirect(loginUrl(c), 302);
  return handler(c, me);
};

function page(c: Context<AppEnv>, path: string, body: ReactNode, status: Status = 200) {
  const meta = pageMeta(path);
  return renderPage(
    c,
    <AccountLayout path={path} title={meta.title}>
      {body}
    </AccountLayout>,
    {
      meta: { title: meta.title, description: meta.description },
      bodyClass: 'account-page',
      status,
    },
  );
}

const ok = (c: Context<AppEnv>, text: string) => (c.req.query('ok') ? <Notice tone="success">{text}</Notice> : null);

async function profilePage(
  c: Context<AppEnv>,
  me: Me,
  state: {
    errors?: Record<string, string>;
    error?: string | null;
    passwordError?: string | null;
    values?: FormFields;
  } = {},
  status: Status = 200,
) {
  const notice = c.req.query('ok') === 'senha' ? 'Senha alterada.' : 'Dados atualizados.';
  return page(
    c,
    '/minha-conta/perfil',
    <>
      {ok(c, notice)}
      <ProfileForms
        me={me}
        values={state.values}
        errors={state.errors ?? {}}
        error={state.error ?? null}
        passwordError={state.passwordError ?? null}
      />
    </>,
    status,
  );
}

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

const idParam = (c: Context<AppEnv>) => {
  const id = Number(c.req.param('id'));
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : 0;
};

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
    const { status, message } = failure(error);
    if (status === 404) return c.redirect('/minha-conta/enderecos', 303);
    return addressesPage(c, me, { id, values, errors: {}, error: message }, status);
  }
}

async function saveAddress(c: Context<AppEnv>, me: Me, id: number | null) {
  const values = await readForm(c);
  const parsed = AddressInputSchema.safeParse(addressFromForm(values));
  if (!parsed.success)
    return addressesPage(
      c,
      me,
      { id, values, errors: fieldErrors(parsed.error), error: 'Confira os campos destacados.' },
      400,
    );
  return addressChange(
    c,
    me,
    id,
    () => (id ? c.var.commerce.updateAddress(id, parsed.data) : c.var.commerce.addAddress(parsed.data)),
    values,
  );
}

export const accountPages = new Hono<AppEnv>()
  .onError(formErrorHandler)
  .get(
    '/minha-conta',
    signedIn((c, me) =>
      page(
        c,
        '/minha-conta',
        <>
          <p className="account__hello">Olá, {me.name.split(/\s+/)[0]}!</p>
          <p>{pageMeta('/minha-conta').lead}</p>
          <ul className="account-cards">
            {ACCOUNT_PAGES.filter((p) => p.path !== '/minha-conta').map((p) => (
              <li key={p.path}>
                <a href={p.path}>
                  <strong>{p.title}</strong>
                  <span>{p.lead}</span>
                </a>
              </li>
            ))}
          </ul>
          {me.superUser ? (
            <p>
              <a className="button" href="/painel">
                Painel da loja
              </a>
            </p>
          ) : null}
        </>,
      ),
    ),
  )
  .get(
    '/minha-conta/perfil',
    signedIn((c, me) => profilePage(c, me)),
  )
  .post(
    '/minha-conta/perfil',
    signedIn(async (c, me) => {
      const values = await readForm(c);
      const parsed = ProfileUpdateSchema.safeParse(profileFromForm(values));
      if (!parsed.success)
        return profilePage(
          c,
          me,
          { values, errors: fieldErrors(parsed.error), error: 'Confira os campos destacados.' },
          400,
        );
      await c.var.commerce.updateProfile(parsed.data);
      return c.redirect('/minha-conta/perfil?ok=1', 303);
    }),
  )
  .post(
    '/minha-conta/perfil/senha',
    signedIn(async (c, me) => {
      const form = await readForm(c);
      const parsed = ChangePasswordSchema.safeParse({
        currentPassword: form.currentPassword ?? '',
        newPassword: form.newPassword ?? '',
      });
      if (!parsed.success) return profilePage(c, me, { passwordError: parsed.error.issues[0]!.message }, 400);
      try {
        await c.var.commerce.changePassword(parsed.data);
        return c.redirect('/minha-conta/perfil?ok=senha', 303);
      } catch (error) {
        const { status, message } = failure(error);
        return profilePage(c, me, { passwordError: message }, status);
      }
    }),
  )
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
  )
  .get(
    '/minha-conta/favoritos',
    signedIn(async (c) => {
      const { favorites } = await c.var.commerce.favorites({ pdc: true });
      return page(
        c,
        '/minha-conta/favoritos',
        <FavoritesList favorites={favorites} imageHost={c.var.config.imageHost} />,
      );
    }),
  )
  .post(
    '/minha-conta/favoritos/:id/remover',
    signedIn(async (c) => {
      await readForm(c);
      await c.var.commerce.removeFavorite(idParam(c)).catch(() => null);
      return c.redirect('/minha-conta/favoritos', 303);
    }),
  );

accountPages.get(
  '/minha-conta/pedidos',
  signedIn(async (c) => page(c, '/minha-conta/pedidos', <OrderList orders={await c.var.commerce.customerOrders()} />)),
);
accountPages.get(
  '/minha-conta/pedidos/:id{[0-9]{1,12}}',
  signedIn(async (c) => {
    try {
      const order = await c.var.commerce.orderDetail(Number(c.req.param('id')));
      return page(c, '/minha-conta/pedidos', <OrderView order={order} imageHost={c.var.config.imageHost} />);
    } catch (error) {
      // Another customer's order is a 404 like an unknown one.
      if (failure(error).status === 404) return notFound(c);
      throw error;
    }
  }),
);

accountPages.get(
  '/minha-conta/cashback',
  signedIn(async (c) =>
    page(
      c,
      '/minha-conta/cashback',
      <CashbackView statement={await c.var.commerce.cashbackStatement()} now={new Date()} />,
    ),
  ),
);

accountPages.get(
  '/minha-conta/vendas',
  signedIn(async (c) => page(c, '/minha-conta/vendas', <SalesView report={await c.var.commerce.sales()} />)),
);

// Exchanges and returns (issue 5): the requests, and a no-JS form per delivered order.
const EXCHANGES_PATH = '/minha-conta/trocas-devolucoes';

async function exchangesPage(
  c: Context<AppEnv>,
  form: { orderId: number; values: FormFields; error: string } | null,
  status: Status = 200,
) {
  const data = await c.var.commerce.exchanges();
  return page(c, EXCHANGES_PATH, <ExchangesView data={data} form={form} ok={!form && !!c.req.query('ok')} />, status);
}

/** Form fields → the API body: lines with an amount above 0 are the requested ones. */
function exchangeFromForm(values: FormFields) {
  const items = Object.entries(values)
    .filter(([key, value]) => /^amount_[0-9]{1,12}$/.test(key) && value !== '0')
    .map(([key, value]) => ({ orderItemId: Number(key.slice('amount_'.length)), amount: Number(value) }));
  return {
    orderId: Number(values.orderId),
    kind: values.kind,
    reason: values.reason ?? '',
    items,
    refund: values.refund,
  };
}

accountPages.get(
  EXCHANGES_PATH,
  signedIn((c) => exchangesPage(c, null)),
);
accountPages.post(
  EXCHANGES_PATH,
  signedIn(async (c) => {
    const values = await readForm(c);
    const orderId = Number(values.orderId) || 0;
    const parsed = ExchangeRequestSchema.safeParse(exchangeFromForm(values));
    if (!parsed.success) return exchangesPage(c, { orderId, values, error: parsed.error.issues[0]!.message }, 400);
    try {
      await c.var.commerce.requestExchange(parsed.data);
      return c.redirect(`${EXCHANGES_PATH}?ok=1`, 303);
    } catch (error) {
      const { status, message } = failure(error);
      return exchangesPage(c, { orderId, values, error: message }, status);
    }
  }),
);
