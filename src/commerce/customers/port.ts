import type {
  Address,
  AddressInput,
  AuthResult,
  CashbackStatement,
  SalesReport,
  ChangePassword,
  FavoritesResponse,
  LoginInput,
  Me,
  MessageResult,
  ProfileUpdate,
  RegisterInput,
} from '../../contracts/customers';
import type { ExchangeRequest, ExchangesResponse } from '../../contracts/exchanges';
import type { Config } from '../../env';
import type { CustomersRepo } from './repo';

/** A mail in the embedded backend's outbox (the local /dev/outbox page), as the repo reads it. */
export type OutboxMail = Awaited<ReturnType<CustomersRepo['outbox']>>[number];

/** Customer calls of the CommercePort. "Signed in" means the request's session token. */
export interface CustomerPort {
  /** The signed-in customer; `UNAUTHENTICATED` without a live session. */
  me(): Promise<Me>;
  /** `ip` feeds the per-client registration limit (embedded backend). */
  register(input: RegisterInput, ctx: { ip: string }): Promise<AuthResult>;
  /** `ip` feeds the per-client and per-(account, client) brute-force limits (embedded backend). */
  login(input: LoginInput, ctx: { ip: string }): Promise<AuthResult>;
  logout(): Promise<MessageResult>;
  forgotPassword(input: { email: string }): Promise<MessageResult>;
  resetPassword(input: { token: string; password: string }): Promise<MessageResult>;
  updateProfile(input: ProfileUpdate): Promise<Me>;
  changePassword(input: ChangePassword): Promise<MessageResult>;
  favorites(opts: { pdc: boolean }): Promise<FavoritesResponse>;
  /** `sizeChosen` false: saved before a size was chosen, the item only names the colour. */
  addFavorite(input: { productItemId: number; sizeChosen: boolean }): Promise<FavoritesResponse>;
  removeFavorite(productItemId: number): Promise<FavoritesResponse>;
  addresses(): Promise<{ addresses: Address[] }>;
  addAddress(input: AddressInput): Promise<{ addresses: Address[] }>;
  updateAddress(id: number, input: AddressInput): Promise<{ addresses: Address[] }>;
  setDefaultAddress(id: number): Promise<{ addresses: Address[] }>;
  removeAddress(id: number): Promise<{ addresses: Address[] }>;
  /** Balance, pending credit, next expiry and ledger of the signed-in customer. */
  cashbackStatement(): Promise<CashbackStatement>;
  /** Orders attributed to the signed-in customer's seller codes, by month. */
  sales(): Promise<SalesReport>;
  /** The signed-in customer's exchange/return requests and the delivered lines still eligible. */
  exchanges(): Promise<ExchangesResponse>;
  requestExchange(input: ExchangeRequest): Promise<ExchangesResponse>;
  /** Sends the queued mail through `provider` (embedded backend; upstream: nothing queued here, 0). */
  deliverMail(provider: NonNullable<Config['mail']>): Promise<number>;
  /** The newest queued mails, for the local /dev/outbox page (upstream: none). */
  mailOutbox(): Promise<OutboxMail[]>;
}
