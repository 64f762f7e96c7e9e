import type {
  AuthResult,
  ChangePassword,
  LoginInput,
  Me,
  MessageResult,
  ProfileUpdate,
  RegisterInput,
} from '../../contracts/customers';
import { isValidCpf, normalizeCpf } from '../../lib/customer/cpf';
import { randomToken } from '../../lib/security/token';
import { DomainError } from '../domain-error';
import { hashToken, SESSION_TTL_SECONDS } from './identity';
import { hashPassword, verifyPassword } from './password-hash';
import { toMe, type CustomersRepo } from './repo';

export interface CustomerDeps {
  repo: CustomersRepo;
  now: () => Date;
  /** Where links in e-mails point (the site's own origin). */
  siteUrl: string;
}

export const AUTH_MESSAGES = {
  /**
   * The same answer for a taken e-mail and a taken CPF (ADR 0011): registration cannot hide that one of
   * them exists, but it no longer says which. The spec prescribes no registration messages.
   */
  identityTaken:
    'Não foi possível concluir o cadastro com estes dados. Se você já tem uma conta, faça login ou recupere sua senha.',
  tooManyRegistrations: 'Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.',
  badLogin: 'E-mail, CPF ou senha incorretos.',
  tooManyAccount: 'Muitas tentativas de login nesta conta. Aguarde 15 minutos ou redefina sua senha.',
  tooManyIp: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  accountSlowed: 'Muitas tentativas de login nesta conta. Aguarde alguns instantes ou redefina sua senha.',
  resetSent: 'Se houver uma conta com este e-mail, você receberá um link para criar uma nova senha.',
  resetInvalid: 'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo.',
  resetDone: 'Senha alterada. Entre com a nova senha.',
  wrongPassword: 'A senha atual está incorreta.',
  profileSaved: 'Dados atualizados.',
  passwordChanged: 'Senha alterada.',
  loginRequired: 'Faça login para continuar.',
} as const;

/**
 * Brute-force limits (ADR 0011): failed logins in a sliding window per (account, client address) pair —
 * an outsider's failures never lock the owner's own client out — and per client address (one address
 * trying many accounts). E-mail and CPF name the same account. Across all addresses, an account takes
 * `accountFree` attempts in the window at full speed; after that each one waits twice as long as the one before
 * (1 s, 2 s, 4 s… at most `accountMaxDelaySeconds`) after the account's last attempt: a slowdown, never a lockout,
 * and a password reset by e-mail ends it.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perPair: 5,
  perClient: 30,
  accountFree: 10,
  accountMaxDelaySeconds: 900,
} as const;
/** Registrations (successful or not) per client address in a sliding window. */
export const REGISTER_LIMITS = { windowMinutes: 15, perClient: 10 } as const;
export const RESET_TTL_MINUTES = 60;

const iso = (d: Date) => d.toISOString();
const minutesAgo = (now: Date, minutes: number) => iso(new Date(now.getTime() - minutes * 60_000));

async function newSession(deps: CustomerDeps) {
  const token = randomToken(32);
  const expiresAt = iso(new Date(deps.now().getTime() + SESSION_TTL_SECONDS * 1000));
  return { token, tokenHash: await hashToken(token), expiresAt };
}

/** The client address as stored: its SHA-256, never the address itself. */
const clientKey = (ip: string) => hashToken(`client:${ip}`);

/**
 * Registration: rate-limited per client address (one guarded statement), and the same work whether or
 * not the e-mail/CPF exists — the password is always hashed and the insert always tried; a taken identity
 * is the UNIQUE failure of that insert, answered with one message for both.
 */
export async function register(deps: CustomerDeps, input: RegisterInput, ctx: { ip: string }): Promise<AuthResult> {
  const now = deps.now();
  const allowed = await deps.repo.reserveRegistration({
    id: randomToken(),
    client: await clientKey(ctx.ip),
    now: iso(now),
    since: minutesAgo(now, REGISTER_LIMITS.windowMinutes),
    perClient: REGISTER_LIMITS.perClient,
  });
  if (!allowed)
    throw new DomainError(
      'RATE_LIMITED',
      AUTH_MESSAGES.tooManyRegistrations,
      undefined,
      undefined,
      REGISTER_LIMITS.windowMinutes * 60,
    );
  const [session, passwordHash] = await Promise.all([newSession(deps), hashPassword(input.password)]);
  try {
    await deps.repo.register(input, passwordHash, session);
  } catch (error) {
    if (/UNIQUE/i.test(String(error))) throw new DomainError('CONFLICT', AUTH_MESSAGES.identityTaken);
    throw error;
  }
  const row = await deps.repo.byEmail(input.email);
  return { token: session.token, user: toMe(row!), newUser: true };
}

const secondsUntil = (from: string | null, afterSeconds: number, now: Date) =>
  from ? Math.max(1, Math.ceil((Date.parse(from) + afterSeconds * 1000 - now.getTime()) / 1000)) : 1;

/** Which limit refused a login reservation: its message and when it lifts (Retry-After). */
async function loginRefusal(deps: CustomerDeps, account: string, client: string, now: Date): Promise<DomainError> {
  const window = LOGIN_LIMITS.windowMinutes * 60;
  const state = await deps.repo.loginLimitState(account, client, minutesAgo(now, LOGIN_LIMITS.windowMinutes));
  if (state.client_n >= LOGIN_LIMITS.perClient) {
    return new DomainError(
      'RATE_LIMITED',
      AUTH_MESSAGES.tooManyIp,
      undefined,
      undefined,
      secondsUntil(state.client_oldest, window, now),
    );
  }
  if (state.pair_n >= LOGIN_LIMITS.perPair) {
    return new DomainError(
      'RATE_LIMITED',
      AUTH_MESSAGES.tooManyAccount,
      undefined,
      undefined,
      secondsUntil(state.pair_oldest, window, now),
    );
  }
  const delay = Math.min(
    LOGIN_LIMITS.accountMaxDelaySeconds,
    2 ** Math.min(state.account_n - LOGIN_LIMITS.accountFree, 30),
  );
  return new DomainError(
    'RATE_LIMITED',
    AUTH_MESSAGES.accountSlowed,
    undefined,
    undefined,
    secondsUntil(state.account_last, delay, now),
  );
}

/** The account key a login names: the e-mail (folded) or the CPF's 11 digits. */
function accountKey(login: string): { kind: 'email' | 'cpf'; key: string } {
  const text = login.trim().toLowerCase();
  if (!text.includes('@') && isValidCpf(text)) return { kind: 'cpf', key: normalizeCpf(text) };
  return { kind: 'email', key: text };
}

/**
 * Login by e-mail or CPF. Always a fresh token (no fixation); the one presented, if any, is revoked.
 * The attempt is counted and checked in one guarded statement BEFORE the password is evaluated
 * (ADR 0011): a burst of parallel guesses gets at most `perPair` evaluations, and a right password
 * arriving while the pair is limited is refused like the rest.
 */
export async function login(
  deps: CustomerDeps,
  input: LoginInput,
  ctx: { ip: string; currentToken: string | null },
): Promise<AuthResult> {
  const now = deps.now();
  const { kind, key } = accountKey(input.login);
  const row = kind === 'cpf' ? await deps.repo.byCpf(key) : await deps.repo.byEmail(key);
  // The customer id when the account exists, so its e-mail and its CPF share one count.
  const [account, client] = await Promise.all([
    hashToken(row ? `customer:${row.id}` : `login:${key}`),
    clientKey(ctx.ip),
  ]);
  const since = minutesAgo(now, LOGIN_LIMITS.windowMinutes);
  const reserved = await deps.repo.reserveLogin({
    id: randomToken(),
    account,
    client,
    now: iso(now),
    since,
    perPair: LOGIN_LIMITS.perPair,
    perClient: LOGIN_LIMITS.perClient,
    accountFree: LOGIN_LIMITS.accountFree,
    accountMaxDelay: LOGIN_LIMITS.accountMaxDelaySeconds,
  });
  if (!reserved) throw await loginRefusal(deps, account, client, now);
  const ok = await verifyPassword(input.password, row?.password_hash ?? null);
  // A failure keeps its reserved row: that row is the count.
  if (!row || !ok) throw new DomainError('UNAUTHENTICATED', AUTH_MESSAGES.badLogin);
  const session = await newSession(deps);
  await Promise.all([
    deps.repo.createSession(row.id, session.tokenHash, session.expiresAt),
    deps.repo.clearLoginFailures(account, client),
    ctx.currentToken ? deps.repo.revokeSession(await hashToken(ctx.currentToken), iso(now)) : null,
  ]);
  return { token: session.token, user: toMe(row), newUser: false };
}

export async function logout(deps: CustomerDeps, token: string | null): Promise<MessageResult> {
  if (token) await deps.repo.revokeSession(await hashToken(token), iso(deps.now()));
  return { message: 'Você saiu da sua conta.' };
}

export async function me(deps: CustomerDeps, customerId: number): Promise<Me> {
  const row = await deps.repo.byId(customerId);
  if (!row) throw new DomainError('UNAUTHENTICATED', AUTH_MESSAGES.loginRequired);
  return toMe(row);
}

/** Same answer whether or not the e-mail has an account (no enumeration); at most 3 links an hour. */
export async function forgotPassword(deps: CustomerDeps, email: string): Promise<MessageResult> {
  const now = deps.now();
  const row = await deps.repo.byEmail(email);
  if (!row || (await deps.repo.recentResets(row.id, minutesAgo(now, 60))) >= 3)
    return { message: AUTH_MESSAGES.resetSent };
  const token = randomToken(32);
  const link = `${deps.siteUrl}/redefinir-senha?token=${token}`;
  await deps.repo.createReset(
    row.id,
    await hashToken(token),
    iso(new Date(now.getTime() + RESET_TTL_MINUTES * 60_000)),
    {
      to: row.email,
      kind: 'password_reset',
      subject: 'Vitrine: redefina sua senha',
      text: [
        `Olá, ${row.name.split(/\s+/)[0]}!`,
        '',
        'Recebemos um pedido para redefinir a senha da sua conta na Vitrine.',
        `Para criar uma nova senha, acesse: ${link}`,
        '',
        `O link vale por ${RESET_TTL_MINUTES} minutos e pode ser usado uma única vez.`,
        'Se você não pediu a troca, ignore este e-mail: sua senha continua a mesma.',
      ].join('\n'),
    },
    iso(now),
  );
  return { message: AUTH_MESSAGES.resetSent };
}

export async function resetPassword(
  deps: CustomerDeps,
  input: { token: string; password: string },
): Promise<MessageResult> {
  const now = iso(deps.now());
  const tokenHash = await hashToken(input.token);
  const owner = await deps.repo.resetOwner(tokenHash);
  const done = await deps.repo.consumeReset(
    tokenHash,
    await hashPassword(input.password),
    now,
    `${now}#${randomToken(8)}`,
    owner === null ? null : await hashToken(`customer:${owner}`),
  );
  if (!done) throw new DomainError('UNPROCESSABLE', AUTH_MESSAGES.resetInvalid);
  return { message: AUTH_MESSAGES.resetDone };
}

export async function updateProfile(deps: CustomerDeps, customerId: number, input: ProfileUpdate): Promise<Me> {
  await deps.repo.updateProfile(customerId, input, iso(deps.now()));
  return me(deps, customerId);
}

export async function changePassword(
  deps: CustomerDeps,
  customerId: number,
  token: string,
  input: ChangePassword,
): Promise<MessageResult> {
  const row = await deps.repo.byId(customerId);
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) {
    throw new DomainError('UNPROCESSABLE', AUTH_MESSAGES.wrongPassword);
  }
  await deps.repo.changePassword(
    customerId,
    await hashPassword(input.newPassword),
    await hashToken(token),
    iso(deps.now()),
  );
  return { message: AUTH_MESSAGES.passwordChanged };
}
