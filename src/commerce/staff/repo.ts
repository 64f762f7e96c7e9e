import { outboxStatement } from '../customers/outbox-repo';
import type { Role } from './permissions';

/** All SQL of staff accounts and invitations (ADR 0028); the audit row of each write comes from audit/repo.ts. */
export interface StaffRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  active: number;
  created_at: string;
}

export interface InviteRow {
  email: string;
  role: Role;
  invited_by: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

const STAFF_SELECT = `SELECT c.id, c.name, c.email, s.role, s.active, s.created_at FROM staff s JOIN customers c ON c.id = s.customer_id`;
/** True while another active dono would remain after this row stops being one. */
const OTHER_DONO = `(role <> 'dono' OR active = 0 OR (SELECT count(*) FROM staff WHERE role = 'dono' AND active = 1) > 1)`;

export function staffRepo(db: D1Database) {
  return {
    member: (customerId: number) =>
      db.prepare(`${STAFF_SELECT} WHERE s.customer_id = ?`).bind(customerId).first<StaffRow>(),
    memberByEmail: (email: string) => db.prepare(`${STAFF_SELECT} WHERE c.email = ?`).bind(email).first<StaffRow>(),
    async list(now: string): Promise<{ staff: StaffRow[]; invites: InviteRow[] }> {
      const [staff, invites] = await db.batch([
        db.prepare(`${STAFF_SELECT} ORDER BY s.active DESC, c.name, c.id`),
        db
          .prepare(
            `SELECT email, role, invited_by, expires_at, used_at, created_at FROM staff_invites
            WHERE used_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 100`,
          )
          .bind(now),
      ]);
      return { staff: staff!.results as StaffRow[], invites: invites!.results as InviteRow[] };
    },
    /** A new invitation supersedes the e-mail's older unused ones; the invitation, its mail and `also` in one batch. */
    invite(
      invite: { tokenHash: string; email: string; role: Role; invitedBy: number; expiresAt: string; now: string },
      mail: { subject: string; text: string },
      also: D1PreparedStatement[],
    ) {
      return db.batch([
        db
          .prepare('UPDATE staff_invites SET used_at = ? WHERE email = ? AND used_at IS NULL')
          .bind(`superseded:${invite.now}`, invite.email),
        db
          .prepare('INSERT INTO staff_invites (token_hash, email, role, invited_by, expires_at) VALUES (?, ?, ?, ?, ?)')
          .bind(invite.tokenHash, invite.email, invite.role, invite.invitedBy, invite.expiresAt),
        outboxStatement(db, { to: invite.email, subject: mail.subject, text: mail.text, kind: 'staff_invite' }),
        ...also,
      ]);
    },
    /** A live invitation (unused, not expired) and whether its e-mail already has a customer account. */
    liveInvite: (tokenHash: string, now: string) =>
      db
        .prepare(
          `SELECT i.email, i.role, i.invited_by, i.expires_at, i.used_at, i.created_at,
                  (SELECT id FROM customers c WHERE c.email = i.email) AS customer_id
             FROM staff_invites i WHERE i.token_hash = ? AND i.used_at IS NULL AND i.expires_at > ?`,
        )
        .bind(tokenHash, now)
        .first<InviteRow & { customer_id: number | null }>(),
    /**
     * Uses the invitation and makes its e-mail's account staff, in one batch: the first statement marks the link used
     * (`stamp`: this call's own), and every later one acts only for an invitation this very batch marked. `account`:
     * a new customer account (name, CPF) or the password of the existing one (its sessions end, as on a reset).
     */
    accept(
      input: {
        tokenHash: string;
        now: string;
        stamp: string;
        passwordHash: string;
        account: { name: string; cpf: string } | null;
      },
      audit: D1PreparedStatement,
    ) {
      const used = `EXISTS (SELECT 1 FROM staff_invites WHERE token_hash = ?1 AND used_at = ?2)`;
      const email = `(SELECT email FROM staff_invites WHERE token_hash = ?1 AND used_at = ?2)`;
      const account = input.account
        ? [
            db
              .prepare(
                `INSERT INTO customers (email, cpf, name, password_hash) SELECT ${email}, ?3, ?4, ?5 WHERE ${used}`,
              )
              .bind(input.tokenHash, input.stamp, input.account.cpf, input.account.name, input.passwordHash),
          ]
        : [
            db
              .prepare(`UPDATE customers SET password_hash = ?3, updated_at = ?4 WHERE email = ${email} AND ${used}`)
              .bind(input.tokenHash, input.stamp, input.passwordHash, input.now),
            db
              .prepare(
                `UPDATE sessions SET revoked_at = ?3 WHERE revoked_at IS NULL AND customer_id = (SELECT id FROM customers WHERE email = ${email})`,
              )
              .bind(input.tokenHash, input.stamp, input.now),
          ];
      return db.batch([
        db
          .prepare(
            'UPDATE staff_invites SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?3',
          )
          .bind(input.tokenHash, input.stamp, input.now),
        ...account,
        db
          .prepare(
            `INSERT INTO staff (customer_id, role, invited_by, created_at, updated_at)
             SELECT c.id, i.role, i.invited_by, ?3, ?3 FROM staff_invites i JOIN customers c ON c.email = i.email
              WHERE i.token_hash = ?1 AND i.used_at = ?2
             ON CONFLICT (customer_id) DO UPDATE SET role = excluded.role, active = 1, updated_at = excluded.updated_at`,
          )
          .bind(input.tokenHash, input.stamp, input.now),
        audit,
      ]);
    },
    /**
     * The role change as its batch's first statement (the audit row follows): it aborts the batch (NOT NULL on
     * `staff.role`) when it would leave the store without an active dono; an unknown id changes no row.
     */
    roleStatement: (customerId: number, role: Role, now: string) =>
      db
        .prepare(
          `UPDATE staff SET role = CASE WHEN ?2 = 'dono' OR ${OTHER_DONO} THEN ?2 END, updated_at = ?3 WHERE customer_id = ?1`,
        )
        .bind(customerId, role, now),
    /** Enables or disables; disabling the last active dono aborts the batch (NOT NULL on `staff.active`). */
    activeStatement: (customerId: number, active: boolean, now: string) =>
      db
        .prepare(
          `UPDATE staff SET active = CASE WHEN ?2 = 1 OR ${OTHER_DONO} THEN ?2 END, updated_at = ?3 WHERE customer_id = ?1`,
        )
        .bind(customerId, active ? 1 : 0, now),
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  };
}
export type StaffRepo = ReturnType<typeof staffRepo>;

/** The guarded role/active change was refused because it would leave no active dono. */
export const isLastDono = (error: unknown) => /NOT NULL constraint failed: staff\.(role|active)/i.test(String(error));
