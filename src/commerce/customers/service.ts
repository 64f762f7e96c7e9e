import type {
  AuthResult,
  ChangePassword,
  LoginInput,
  Me,
  MessageResult,
  ProfileUpdate,
  RegisterInput,
} from '../../contracts/customers';
import { isValidCpf, normalizeCpf } from '../../lib/cpf';
import { randomToken } from '../../lib/token';
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
  emailTaken: 'Já existe uma conta com este e-mail. Faça login ou recupere sua senha.',
  cpfTaken: 'Já existe uma conta com este CPF. Faça login ou recupere sua senha.',
  badLogin: 'E-mail, CPF ou senha incorretos.',
  tooManyAccount: 'Muitas tentativas de login nesta conta. Aguarde 15 minutos ou redefina sua senha.',
  tooManyIp: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  resetSent: 'Se houver uma conta com este e-mail, você receberá um link para criar uma nova senha.',
  resetInvalid: 'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo.',
  resetDone: 'Senha alterada. Entre com a nova senha.',
  wrongPassword: 'A senha atual está incorreta.',
  profileSaved: 'Dados atualizados.',
  passwordChanged: 'Senha alterada.',
  loginRequired: 'Faça login para continuar.',
} as const;

/** Brute-force limits (ADR 0006): failures in a sliding window, per account and per client IP. */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;
export const RESET_TTL_MINUTES = 60;

const iso = (d: Date) => d.toISOString();
const minutesAgo = (now: Date, minutes: number) => iso(new Date(now.getTime() - minutes * 60_000));

async function newSession(deps: CustomerDeps) {
  const token = randomToken(32);
  const expiresAt = iso(new Date(deps.now().getTime() + SESSION_TTL_SECONDS * 1000));
  return { token, tokenHash: await hashToken(token), expiresAt };
}

export async function register(deps: CustomerDeps, input: RegisterInput): Promise<AuthResult> {
  const [byEmail, byCpf] = await Promise.all([deps.repo.byEmail(input.email), deps.repo.byCpf(input.cpf)]);
  if (byEmail) throw new DomainError('CONFLICT', AUTH_MESSAGES.emailTaken);
  if (byCpf) throw new DomainError('CONFLICT', AUTH_MESSAGES.cpfTaken);
  const session = await newSession(deps);
  try {
    await deps.repo.register(input, await hashPassword(input.password), session);
  } catch (error) {
    // A concurrent registration won the UNIQUE race: same answer as the check above.
    const text = String(error);
    if (/UNIQUE/i.test(text))
      throw new DomainError('CONFLICT', /cpf/i.test(text) ? AUTH_MESSAGES.cpfTaken : AUTH_MESSAGES.emailTaken);
    throw error;
  }
  const row = await deps.repo.byEmail(input.email);
  return { token: session.token, user: toMe(row!), newUser: true };
}

/** The account key a login names: the e-mail (folded) or the CPF's 11 digits. */
function accountKey(login: string): { kind: 'email' | 'cpf'; key: string } {
  const text = login.trim().toLowerCase();
  if (!text.includes('@') && isValidCpf(text)) return { kind: 'cpf', key: normalizeCpf(text) };
  return { kind: 'email', key: text };
}

/** Login by e-mail or CPF. Always a fresh token (no fixation); the one presented, if any, is revoked. */
export async function login(
  deps: CustomerDeps,
  input: LoginInput,
  ctx: { ip: string; currentToken: string | null },
): Promise<AuthResult> {
  const now = deps.now();
  const { kind, key } = accountKey(input.login);
  const since = minutesAgo(now, LOGIN_LIMITS.windowMinutes);
  const [forAccount, forIp] = await Promise.all([
    deps.repo.failures('account', key, since),
    deps.repo.failures('ip', ctx.ip, since),
  ]);
  if (forIp >= LOGIN_LIMITS.perIp) throw new DomainError('RATE_LIMITED', AUTH_MESSAGES.tooManyIp);
  if (forAccount >= LOGIN_LIMITS.perAccount) throw new DomainError('RATE_LIMITED', AUTH_MESSAGES.tooManyAccount);
  const row = kind === 'cpf' ? await deps.repo.byCpf(key) : await deps.repo.byEmail(key);
  const ok = await verifyPassword(input.password, row?.password_hash ?? null);
  if (!row || !ok) {
    await deps.repo.recordFailure(key, ctx.ip);
    throw new DomainError('UNAUTHENTICATED', AUTH_MESSAGES.badLogin);
  }
  const session = await newSession(deps);
  await Promise.all([
    deps.repo.createSession(row.id, session.tokenHash, session.expiresAt),
    deps.repo.clearFailures(key),
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
  );
  return { message: AUTH_MESSAGES.resetSent };
}

export async function resetPassword(
  deps: CustomerDeps,
  input: { token: string; password: string },
): Promise<MessageResult> {
  const now = iso(deps.now());
  const done = await deps.repo.consumeReset(
    await hashToken(input.token),
    await hashPassword(input.password),
    now,
    `${now}#${randomToken(8)}`,
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
