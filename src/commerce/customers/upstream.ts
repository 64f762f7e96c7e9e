import {
  CashbackStatementSchema,
  AddressesResponseSchema,
  AuthResultSchema,
  FavoritesResponseSchema,
  MeSchema,
  MessageSchema,
  SalesReportSchema,
} from '../../contracts/customers';
import { ExchangesResponseSchema } from '../../contracts/exchanges';
import type { UpstreamSend } from '../upstream-http';
import type { CustomerPort } from './port';

/** Customer calls against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamCustomers(send: UpstreamSend): CustomerPort {
  const address = (id: number) => `/addresses/${encodeURIComponent(String(id))}`;
  return {
    me: () => send('GET', '/me', MeSchema),
    register: (input) => send('POST', '/register', AuthResultSchema, input),
    login: (input) => send('POST', '/login', AuthResultSchema, input),
    logout: () => send('POST', '/logout', MessageSchema, {}),
    forgotPassword: (input) => send('POST', '/password/forgot', MessageSchema, input),
    resetPassword: (input) => send('POST', '/password/reset', MessageSchema, input),
    updateProfile: (input) => send('PUT', '/me', MeSchema, input),
    changePassword: (input) => send('POST', '/me/password', MessageSchema, input),
    favorites: (opts) => send('GET', `/favorites?pdc=${opts.pdc}`, FavoritesResponseSchema),
    addFavorite: (input) =>
      send('POST', '/favorites', FavoritesResponseSchema, {
        product_item_id: input.productItemId,
        size_chosen: input.sizeChosen,
      }),
    removeFavorite: (id) => send('DELETE', `/favorites/${encodeURIComponent(String(id))}`, FavoritesResponseSchema),
    addresses: () => send('GET', '/addresses', AddressesResponseSchema),
    addAddress: (input) => send('POST', '/addresses', AddressesResponseSchema, input),
    updateAddress: (id, input) => send('PUT', address(id), AddressesResponseSchema, input),
    setDefaultAddress: (id) => send('POST', `${address(id)}/default`, AddressesResponseSchema, {}),
    removeAddress: (id) => send('DELETE', address(id), AddressesResponseSchema),
    cashbackStatement: () => send('GET', '/cashback/statement', CashbackStatementSchema),
    sales: () => send('GET', '/sales', SalesReportSchema),
    exchanges: () => send('GET', '/exchanges', ExchangesResponseSchema),
    requestExchange: (input) => send('POST', '/exchanges', ExchangesResponseSchema, input),
    // The upstream API queues and sends its own mail.
    deliverMail: async () => 0,
    mailOutbox: async () => [],
  };
}
