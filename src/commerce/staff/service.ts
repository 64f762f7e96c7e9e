import type {
  AuditEntryView,
  AuditExport,
  AuditPage,
  AuditQuery,
  InviteAccept,
  InviteView,
  Operator,
  StaffActiveChange,
  StaffInvite,
  StaffInviteResult,
  StaffList,
  StaffMember,
  StaffRoleChange,
} from '../../contracts/staff';
import { AUDIT_PAGE_SIZE, INVITE_MESSAGES } from '../../contracts/staff';
import { randomToken } from '../../lib/security/token';
import { AUDIT_EXPORT_LIMIT, type AuditEntry, type AuditRepo, type AuditRow } from '../audit/repo';
import type { Identity } from '../customers/identity';
import { hashToken } from '../customers/identity';
import { hashPassword } from '../customers/password-hash';
import { DomainError } from '../domain-error';
import { can, permissionsOf, PERMISSION_MESSAGES, ROLE_LABELS, type Permission } from './permissions';
import { isLastDono, type StaffRepo, type StaffRow } from './repo';

export interface StaffDeps {
  repo: StaffRepo;
  /** The audit log's reads and its row builders (bound to the database: a row goes into the mutation's batch). */
  audit: AuditRepo;
  identity: () => Promise<Identity | null>;
  now: () => Date;
  /** The request's id (request log, ADR 0020): every audit row carries it. */
  requestId: string;
  siteUrl: string;
}

export const STAFF_MESSAGES = {
  loginRequired: 'Faça login para acessar o painel da loja.',
  forbidden: 'Acesso restrito à equipe da loja.',
  noPermission: PERMISSION_MESSAGES.forbidden,
  notFound: 'Pessoa da equipe não encontrada.',
  alreadyStaff: 'Este e-mail já faz parte da equipe ativa.',
  lastDono: 'A loja precisa de pelo menos um dono ativo: promova outra pessoa a dono antes.',
  cpfTaken: 'Este CPF já está cadastrado com outro e-mail. Peça o convite para o e-mail dessa conta.',
} as const;

/** How long an invitation link stays valid. */
export const INVITE_TTL_HOURS = 72;

const toMember = (r: StaffRow): StaffMember => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  active: r.active === 1,
  createdAt: r.created_at,
});

/** The signed-in staff member: no session → 401, not (or no longer) staff → 403. */
export async function requireStaff(deps: Pick<StaffDeps, 'identity' | 'repo'>): Promise<Operator> {
  const who = await deps.identity();
  if (!who) throw new DomainError('UNAUTHENTICATED', STAFF_MESSAGES.loginRequired);
  const row = await deps.repo.member(who.id);
  if (!row || row.active !== 1) throw new DomainError('FORBIDDEN', STAFF_MESSAGES.forbidden);
  return { id: row.id, name: row.name, email: row.email, role: row.role, permissions: permissionsOf(row.role) };
}

/** The signed-in staff member when their role grants `permission`; 403 with "sem permissão" otherwise. */
export async function requireStaffWith(
  deps: Pick<StaffDeps, 'identity' | 'repo'>,
  permission: Permission,
): Promise<Operator> {
  const operator = await requireStaff(deps);
  if (!can(operator, permission)) throw new DomainError('FORBIDDEN', STAFF_MESSAGES.noPermission);
  return operator;
}

/** The audit row of what `operator` does now, in this request. */
export const auditEntry = (
  deps: Pick<StaffDeps, 'requestId'>,
  operator: Operator,
  what: Omit<AuditEntry, 'staffId' | 'staffEmail' | 'requestId'>,
): AuditEntry => ({ staffId: operator.id, staffEmail: operator.email, requestId: deps.requestId, ...what });

export async function listStaff(deps: StaffDeps): Promise<StaffList> {
  await requireStaff(deps);
  const { staff, invites } = await deps.repo.list(deps.now().toISOString());
  return {
    staff: staff.map(toMember),
    invites: invites.map((i) => ({ email: i.email, role: i.role, expiresAt: i.expires_at, createdAt: i.created_at })),
  };
}

/** A dono invites by e-mail: the link goes out through the mail outbox, in the invitation's batch with its audit row. */
export async function inviteStaff(deps: StaffDeps, input: StaffInvite): Promise<StaffInviteResult> {
  const operator = await requireStaffWith(deps, 'staff:manage');
  const existing = await deps.repo.memberByEmail(input.email);
  if (existing?.active === 1) throw new DomainError('CONFLICT', STAFF_MESSAGES.alreadyStaff);
  const now = deps.now();
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + INVITE_TTL_HOURS * 3_600_000).toISOString();
  const link = `${deps.siteUrl}/painel/convite?token=${token}`;
  const text = [
    'Olá!',
    '',
    `${operator.name} convidou você para a equipe da loja na Vitrine, com o papel ${ROLE_LABELS[input.role]}.`,
    `Para aceitar e definir sua senha, acesse: ${link}`,
    '',
    `O link vale por ${INVITE_TTL_HOURS} horas e pode ser usado uma única vez.`,
    'Se você não esperava este convite, ignore este e-mail.',
  ].join('\n');
  const audit = deps.audit.statement(
    auditEntry(deps, operator, {
      action: 'staff.invite',
      entity: 'staff_invite',
      entityId: input.email,
      before: null,
      after: { email: input.email, role: input.role, expiresAt },
    }),
  );
  await deps.repo.invite(
    {
      tokenHash: await hashToken(token),
      email: input.email,
      role: input.role,
      invitedBy: operator.id,
      expiresAt,
      now: now.toISOString(),
    },
    { subject: 'Vitrine: convite para a equipe da loja', text },
    [audit],
  );
  return { email: input.email, role: input.role, expiresAt };
}

/** What an invitation link offers (public: the invitee has no staff account yet). */
export async function inviteView(deps: StaffDeps, token: string): Promise<InviteView> {
  const row = await deps.repo.liveInvite(await hashToken(token), deps.now().toISOString());
  if (!row) throw new DomainError('UNPROCESSABLE', INVITE_MESSAGES.invalid);
  return { email: row.email, role: row.role, hasAccount: row.customer_id !== null };
}

/** The invitee sets a password (and, without an account, name and CPF); single use, all in one batch. */
export async function acceptInvite(deps: StaffDeps, input: InviteAccept): Promise<{ message: string }> {
  const now = deps.now().toISOString();
  const tokenHash = await hashToken(input.token);
  const row = await deps.repo.liveInvite(tokenHash, now);
  if (!row) throw new DomainError('UNPROCESSABLE', INVITE_MESSAGES.invalid);
  const account = row.customer_id === null ? { name: input.name, cpf: input.cpf } : null;
  if (account && (!account.name || !account.cpf)) throw new DomainError('VALIDATION', INVITE_MESSAGES.needsProfile);
  const stamp = `${now}#${randomToken(8)}`;
  let results: D1Result[];
  try {
    results = await deps.repo.accept(
      {
        tokenHash,
        now,
        stamp,
        passwordHash: await hashPassword(input.password),
        account: account as { name: string; cpf: string } | null,
      },
      deps.audit.inviteAccepted({ tokenHash, stamp, requestId: deps.requestId }),
    );
  } catch (error) {
    if (/UNIQUE constraint failed: customers\.cpf/i.test(String(error)))
      throw new DomainError('CONFLICT', STAFF_MESSAGES.cpfTaken);
    throw error;
  }
  if ((results[0]?.meta.changes ?? 0) === 0) throw new DomainError('UNPROCESSABLE', INVITE_MESSAGES.invalid);
  return { message: INVITE_MESSAGES.accepted };
}

async function changeMember(
  deps: StaffDeps,
  id: number,
  action: 'staff.role' | 'staff.active',
  change: (
    row: StaffRow,
    now: string,
  ) => { statement: D1PreparedStatement; before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<StaffMember> {
  const operator = await requireStaffWith(deps, 'staff:manage');
  const row = await deps.repo.member(id);
  if (!row) throw new DomainError('NOT_FOUND', STAFF_MESSAGES.notFound);
  const { statement, before, after } = change(row, deps.now().toISOString());
  const entry = auditEntry(deps, operator, { action, entity: 'staff', entityId: String(id), before, after });
  try {
    await deps.repo.batch([statement, deps.audit.statementIfChanged(entry)]);
  } catch (error) {
    if (isLastDono(error)) throw new DomainError('CONFLICT', STAFF_MESSAGES.lastDono);
    throw error;
  }
  return toMember((await deps.repo.member(id))!);
}

export const changeStaffRole = (deps: StaffDeps, id: number, input: StaffRoleChange) =>
  changeMember(deps, id, 'staff.role', (row, now) => ({
    statement: deps.repo.roleStatement(id, input.role, now),
    before: { role: row.role },
    after: { role: input.role },
  }));

export const changeStaffActive = (deps: StaffDeps, id: number, input: StaffActiveChange) =>
  changeMember(deps, id, 'staff.active', (row, now) => ({
    statement: deps.repo.activeStatement(id, input.active, now),
    before: { active: row.active === 1 },
    after: { active: input.active },
  }));

const parse = (text: string | null): Record<string, unknown> | null =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);
const toView = (r: AuditRow): AuditEntryView => ({
  id: r.id,
  staffId: r.staff_id,
  staffEmail: r.staff_email,
  action: r.action,
  entity: r.entity,
  entityId: r.entity_id,
  before: parse(r.before_json),
  after: parse(r.after_json),
  requestId: r.request_id,
  createdAt: r.created_at,
});

export async function auditPage(deps: StaffDeps, query: AuditQuery): Promise<AuditPage> {
  await requireStaffWith(deps, 'audit:read');
  const [{ rows, total }, entities] = await Promise.all([deps.audit.page(query), deps.audit.entities()]);
  return { entries: rows.map(toView), entities, page: query.page, pageSize: AUDIT_PAGE_SIZE, total };
}

export async function auditExport(deps: StaffDeps, query: AuditQuery): Promise<AuditExport> {
  await requireStaffWith(deps, 'audit:read');
  const rows = await deps.audit.all(query);
  return { entries: rows.map(toView), truncated: rows.length >= AUDIT_EXPORT_LIMIT };
}

/** What another domain's back-office slice needs from the staff rules: who may read, who may change (and their audit row). */
export interface StaffGate {
  /** Any active staff member (reads). */
  read(): Promise<Operator>;
  /**
   * The staff member whose role grants `permission` (403 "sem permissão" otherwise), with the audit row builders for
   * what they change: `row` for a batch that aborts on its guard, `rowIfChanged` right after a guarded statement
   * that may change nothing (written only when it did).
   */
  write(permission: Permission): Promise<{
    operator: Operator;
    row(what: Omit<AuditEntry, 'staffId' | 'staffEmail' | 'requestId'>): D1PreparedStatement;
    rowIfChanged(what: Omit<AuditEntry, 'staffId' | 'staffEmail' | 'requestId'>): D1PreparedStatement;
  }>;
}

export function staffGate(deps: StaffDeps): StaffGate {
  return {
    read: () => requireStaff(deps),
    async write(permission) {
      const operator = await requireStaffWith(deps, permission);
      return {
        operator,
        row: (what) => deps.audit.statement(auditEntry(deps, operator, what)),
        rowIfChanged: (what) => deps.audit.statementIfChanged(auditEntry(deps, operator, what)),
      };
    },
  };
}
