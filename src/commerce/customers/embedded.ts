import { addressesRepo } from '../addresses/repo';
import { addAddress, listAddresses, removeAddress, setDefaultAddress, updateAddress } from '../addresses/service';
import { DomainError } from '../domain-error';
import { exchangesRepo } from '../exchanges/repo';
import { listExchanges, requestExchange } from '../exchanges/service';
import { cashbackRepo } from '../cashback/repo';
import { cashbackStatement } from '../cashback/statement';
import { favoritesRepo } from '../favorites/repo';
import { addFavorite, listFavorites, removeFavorite } from '../favorites/service';
import { identityOf } from './identity';
import type { CustomerPort } from './port';
import { deliverOutbox } from './mail';
import { customersRepo } from './repo';
import * as service from './service';

/** The embedded (D1) side of the customer calls; owner-scoped by the session's customer. */
export function embeddedCustomers(db: D1Database, options: { token?: string | null; siteUrl?: string }): CustomerPort {
  const token = options.token ?? null;
  const identity = identityOf(db, token);
  const deps: service.CustomerDeps = { repo: customersRepo(db), now: () => new Date(), siteUrl: options.siteUrl ?? '' };
  const favorites = { repo: favoritesRepo(db) };
  const addresses = { repo: addressesRepo(db) };
  const exchanges = { repo: exchangesRepo(db), now: () => new Date() };
  const customerId = async (): Promise<number> => {
    const who = await identity();
    if (!who) throw new DomainError('UNAUTHENTICATED', service.AUTH_MESSAGES.loginRequired);
    return who.id;
  };
  return {
    me: async () => service.me(deps, await customerId()),
    register: (input, ctx) => service.register(deps, input, ctx),
    login: (input, ctx) => service.login(deps, input, { ip: ctx.ip, currentToken: token }),
    logout: () => service.logout(deps, token),
    forgotPassword: (input) => service.forgotPassword(deps, input.email),
    resetPassword: (input) => service.resetPassword(deps, input),
    updateProfile: async (input) => service.updateProfile(deps, await customerId(), input),
    changePassword: async (input) => service.changePassword(deps, await customerId(), token!, input),
    favorites: async (opts) => listFavorites(favorites, await customerId(), opts.pdc),
    addFavorite: async (input) => addFavorite(favorites, await customerId(), input),
    removeFavorite: async (id) => removeFavorite(favorites, await customerId(), id),
    addresses: async () => listAddresses(addresses, await customerId()),
    addAddress: async (input) => addAddress(addresses, await customerId(), input),
    updateAddress: async (id, input) => updateAddress(addresses, await customerId(), id, input),
    setDefaultAddress: async (id) => setDefaultAddress(addresses, await customerId(), id),
    removeAddress: async (id) => removeAddress(addresses, await customerId(), id),
    cashbackStatement: async () => cashbackStatement(cashbackRepo(db), await customerId(), new Date()),
    sales: async () => deps.repo.salesReport(await customerId()),
    deliverMail: (provider) => deliverOutbox(deps.repo, provider),
    mailOutbox: () => deps.repo.outbox(),
    exchanges: async () => listExchanges(exchanges, await customerId()),
    requestExchange: async (input) => requestExchange(exchanges, await customerId(), input),
  };
}
