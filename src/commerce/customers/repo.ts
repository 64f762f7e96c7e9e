// Over 300 lines: every SQL statement of the customers domain (accounts, sessions, resets, login and registration limits) sits here by rule (repos own all SQL); each method is a few lines.
import type { Me, ProfileUpdate, RegisterInput, SalesReport } from '../../contracts/customers';
import { ADDRESS_COLUMNS, ADDRESS_PLACEHOLDERS, addressValues } from '../addresses/repo';

/** Who a session token belongs to (embedded backend). Tokens are stored only as SHA-256 hex digests. */
export interface Identity {
  id: number;
  email: string;
  name: string;
  cpf: string;
}

export interface CustomerRow {
  id: number;
  email: string;
  cpf: string;
  name: string;
  phone: string | null;
  birth_date: string | null;
  marketing_opt_in: number;
  super_user: number;
  /** 1 when a seller code is linked to the account (`sellers.customer_id`). */
  seller: number;
  password_hash: string | null;
}

export const toMe = (row: CustomerRow): Me => ({
  id: row.id,
  cpf: row.cpf,
  name: row.name,
  email: row.email,
  phone: row.phone,
  birthDate: row.birth_date,
  marketingOptIn: row.marketing_opt_in === 1,
  superUser: row.super_user === 1,
  seller: row.seller === 1,
});

const COLUMNS =
  'id, email, cpf, name, phone, birth_date, marketing_opt_in, password_hash,' +
  // "Painel da loja" shows for an active staff member (ADR 0028; the old customers.super_user is no longer read).
  ' EXISTS (SELECT 1 FROM staff WHERE staff.customer_id = customers.id AND staff.active = 1) AS super_user,' +
  ' EXISTS (SELECT 1 FROM sellers WHERE sellers.customer_id = customers.id) AS seller';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/** One attempt row: its id, the client's hash, now and the start of the window (ISO). */
interface AttemptKey {
  id: string;
  client: string;
  now: string;
  since: string;
}

/** All SQL of customers, sessions, login attempts, password resets and the mail outbox. */
// Orders that count as sales (paid onwards); pending, cancelled and expired ones do not.
const SOLD = "('paid', 'invoiced', 'shipped', 'delivered')";

/** A mail queued in the outbox, as a statement for the batch that decides to send it (password reset, staff invitation). */
export const outboxStatement = (db: D1Database, mail: MailMessage) =>
  db
    .prepare('INSERT INTO mail_outbox (to_email, subject, body_text, kind) VALUES (?, ?, ?, ?)')
    .bind(mail.to, mail.subject, mail.text, mail.kind);

export function customersRepo(db: D1Database) {
  const sessionInsert = (tokenHash: string, customerWhere: string, binds: unknown[], expiresAt: string) =>
    db
      .prepare(
        `INSERT INTO sessions (token_hash, customer_id, expires_at) SELECT ?, id, ? FROM customers WHERE ${customerWhere}`,
      )
      .bind(tokenHash, expiresAt, ...binds);
  const outboxInsert = (mail: MailMessage) => outboxStatement(db, mail);
  return {
    byId: (id: number) => db.prepare(`SELECT ${COLUMNS} FROM customers WHERE id = ?`).bind(id).first<CustomerRow>(),
    byEmail: (email: string) =>
      db.prepare(`SELECT ${COLUMNS} FROM customers WHERE email = ?`).bind(email).first<CustomerRow>(),
    byCpf: (cpf: string) => db.prepare(`SELECT ${COLUMNS} FROM customers WHERE cpf = ?`).bind(cpf).first<CustomerRow>(),

    /** Customer, optional first address and first session: one batch, all or nothing. */
    async register(
      input: RegisterInput,
      passwordHash: string,
      session: { tokenHash: string; expiresAt: string },
    ): Promise<void> {
      const statements = [
        db
          .prepare(
            `INSERT INTO customers (email, cpf, name, password_hash, phone, birth_date, marketing_opt_in) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            input.email,
            input.cpf,
            input.name,
            passwordHash,
            input.phone,
            input.birthDate,
            input.marketingOptIn ? 1 : 0,
          ),
      ];
      const a = input.address;
      if (a) {
        statements.push(
          db
            .prepare(
              `INSERT INTO addresses (customer_id, ${ADDRESS_COLUMNS}, is_default)
               SELECT id, ${ADDRESS_PLACEHOLDERS}, 1 FROM customers WHERE email = ?`,
            )
            .bind(...addressValues(a), input.email),
        );
      }
      statements.push(sessionInsert(session.tokenHash, 'email = ?', [input.email], session.expiresAt));
      await db.batch(statements);
    },

    createSession: (customerId: number, tokenHash: string, expiresAt: string) =>
      sessionInsert(tokenHash, 'id = ?', [customerId], expiresAt).run(),
    revokeSession: (tokenHash: string, now: string) =>
      db
        .prepare('UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL')
        .bind(now, tokenHash)
        .run(),

    /**
     * Reserves one login attempt in ONE guarded statement, before the password is checked: the row is
     * written only while the (account, client) pair and the client are under their limits in the window,
     * so concurrent attempts cannot all pass the check. False = limited (nothing evaluated). Old rows go.
     */
    /**
     * One login attempt, reserved only while every limit allows it (ADR 0011): the pair's and the client's counts,
     * and the account's across all clients — past `accountFree` attempts in the window, the next one waits
     * 2^(n - accountFree) seconds (at most `accountMaxDelay`) after the account's last attempt.
     */
    async reserveLogin(
      a: AttemptKey & {
        account: string;
        perPair: number;
        perClient: number;
        accountFree: number;
        accountMaxDelay: number;
      },
    ): Promise<boolean> {
      const [reserved] = await db.batch([
        db
          .prepare(
            `INSERT INTO auth_attempts (id, action, account, client, created_at)
             SELECT ?1, 'login', ?2, ?3, ?4
               FROM (SELECT count(*) AS n, max(created_at) AS last FROM auth_attempts
                      WHERE action = 'login' AND account = ?2 AND created_at > ?5) AS acct
              WHERE (SELECT count(*) FROM auth_attempts
                      WHERE action = 'login' AND account = ?2 AND client = ?3 AND created_at > ?5) < ?6
                AND (SELECT count(*) FROM auth_attempts WHERE action = 'login' AND client = ?3 AND created_at > ?5) < ?7
                AND (acct.n < ?8
                     OR (julianday(?4) - julianday(acct.last)) * 86400.0 >= min(?9, 1 << min(acct.n - ?8, 30)) - 0.001)`,
          )
          .bind(a.id, a.account, a.client, a.now, a.since, a.perPair, a.perClient, a.accountFree, a.accountMaxDelay),
        db.prepare('DELETE FROM auth_attempts WHERE created_at < ?').bind(a.since),
      ]);
      return (reserved?.meta.changes ?? 0) > 0;
    },
    /** The counts behind a refused reservation: which limit refused it, and since when (its Retry-After). */
    async loginLimitState(account: string, client: string, since: string): Promise<LoginLimitState> {
      const row = await db
        .prepare(
          `SELECT
             (SELECT count(*) FROM auth_attempts WHERE action = 'login' AND client = ?2 AND created_at > ?3) AS client_n,
             (SELECT min(created_at) FROM auth_attempts WHERE action = 'login' AND client = ?2 AND created_at > ?3) AS client_oldest,
             (SELECT count(*) FROM auth_attempts WHERE action = 'login' AND account = ?1 AND client = ?2 AND created_at > ?3) AS pair_n,
             (SELECT min(created_at) FROM auth_attempts WHERE action = 'login' AND account = ?1 AND client = ?2 AND created_at > ?3) AS pair_oldest,
             (SELECT count(*) FROM auth_attempts WHERE action = 'login' AND account = ?1 AND created_at > ?3) AS account_n,
             (SELECT max(created_at) FROM auth_attempts WHERE action = 'login' AND account = ?1 AND created_at > ?3) AS account_last`,
        )
        .bind(account, client, since)
        .first<LoginLimitState>();
      return row!;
    },
    /** A login that succeeded: its reservation and the pair's failures are forgotten. */
    clearLoginFailures: (account: string, client: string) =>
      db
        .prepare("DELETE FROM auth_attempts WHERE action = 'login' AND account = ? AND client = ?")
        .bind(account, client)
        .run(),
    /** One registration attempt of the client, in one guarded statement (false = over the limit). */
    async reserveRegistration(a: AttemptKey & { perClient: number }): Promise<boolean> {
      const [reserved] = await db.batch([
        db
          .prepare(
            `INSERT INTO auth_attempts (id, action, account, client, created_at)
             SELECT ?1, 'register', NULL, ?2, ?3
              WHERE (SELECT count(*) FROM auth_attempts WHERE action = 'register' AND client = ?2 AND created_at > ?4) < ?5`,
          )
          .bind(a.id, a.client, a.now, a.since, a.perClient),
        db.prepare('DELETE FROM auth_attempts WHERE created_at < ?').bind(a.since),
      ]);
      return (reserved?.meta.changes ?? 0) > 0;
    },

    async recentResets(customerId: number, since: string): Promise<number> {
      const row = await db
        .prepare('SELECT count(*) AS n FROM password_resets WHERE customer_id = ? AND created_at > ?')
        .bind(customerId, since)
        .first<{ n: number }>();
      return row?.n ?? 0;
    },
    /** The reset token and its e-mail are written together; older unused links of the customer die. */
    createReset: (customerId: number, tokenHash: string, expiresAt: string, mail: MailMessage, now: string) =>
      db.batch([
        // A new link supersedes every older link still unused.
        db
          .prepare('UPDATE password_resets SET used_at = ? WHERE customer_id = ? AND used_at IS NULL')
          .bind(`superseded:${now}`, customerId),
        db
          .prepare('INSERT INTO password_resets (token_hash, customer_id, expires_at) VALUES (?, ?, ?)')
          .bind(tokenHash, customerId, expiresAt),
        outboxInsert(mail),
      ]),
    /**
     * Consumes a live reset token and sets the password in one batch: the password and session updates
     * only touch the customer whose token this very batch marked used (`used_at` = this call's stamp).
     */
    /** The customer a reset link belongs to (its login count is cleared with it), or null. */
    async resetOwner(tokenHash: string): Promise<number | null> {
      const row = await db
        .prepare('SELECT customer_id FROM password_resets WHERE token_hash = ?')
        .bind(tokenHash)
        .first<{ customer_id: number }>();
      return row?.customer_id ?? null;
    },
    /** `account`: the owner's login-limit key; the account's login attempts end with the link's use (ADR 0011). */
    async consumeReset(
      tokenHash: string,
      passwordHash: string,
      now: string,
      stamp: string,
      account: string | null,
    ): Promise<boolean> {
      const owner = '(SELECT customer_id FROM password_resets WHERE token_hash = ? AND used_at = ?)';
      const [used] = await db.batch([
        db
          .prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
          .bind(stamp, tokenHash, now),
        db
          .prepare(`UPDATE customers SET password_hash = ?, updated_at = ? WHERE id = ${owner}`)
          .bind(passwordHash, now, tokenHash, stamp),
        db
          .prepare(`UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL AND customer_id = ${owner}`)
          .bind(now, tokenHash, stamp),
        // Using a link kills every other unused link of the same customer.
        db
          .prepare(`UPDATE password_resets SET used_at = ? WHERE used_at IS NULL AND customer_id = ${owner}`)
          .bind(`superseded:${stamp}`, tokenHash, stamp),
        db
          .prepare(
            `DELETE FROM auth_attempts WHERE action = 'login' AND account = ?
                AND EXISTS (SELECT 1 FROM password_resets WHERE token_hash = ? AND used_at = ?)`,
          )
          .bind(account ?? '', tokenHash, stamp),
      ]);
      return (used?.meta.changes ?? 0) === 1;
    },

    updateProfile: (id: number, input: ProfileUpdate, now: string) =>
      db
        .prepare(
          'UPDATE customers SET name = ?, phone = ?, birth_date = ?, marketing_opt_in = ?, updated_at = ? WHERE id = ?',
        )
        .bind(input.name, input.phone, input.birthDate, input.marketingOptIn ? 1 : 0, now, id)
        .run(),
    /** New password; every other session of the customer ends. */
    changePassword: (id: number, passwordHash: string, keepTokenHash: string, now: string) =>
      db.batch([
        db.prepare('UPDATE customers SET password_hash = ?, updated_at = ? WHERE id = ?').bind(passwordHash, now, id),
        db
          .prepare(
            'UPDATE sessions SET revoked_at = ? WHERE customer_id = ? AND token_hash <> ? AND revoked_at IS NULL',
          )
          .bind(now, id, keepTokenHash),
      ]),

    outbox: (limit = 50) =>
      db
        .prepare(
          'SELECT id, to_email, subject, body_text, kind, sent_at, created_at FROM mail_outbox ORDER BY id DESC LIMIT ?',
        )
        .bind(limit)
        .all<{
          id: number;
          to_email: string;
          subject: string;
          body_text: string;
          kind: string;
          sent_at: string | null;
          created_at: string;
        }>()
        .then((r) => r.results),
    markSent: (id: number, now: string) =>
      db.prepare('UPDATE mail_outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?').bind(now, id).run(),
    markFailed: (id: number, error: string) =>
      db
        .prepare('UPDATE mail_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?')
        .bind(error.slice(0, 500), id)
        .run(),
    unsent: () =>
      db
        .prepare(
          'SELECT id, to_email, subject, body_text FROM mail_outbox WHERE sent_at IS NULL AND attempts < 5 ORDER BY id LIMIT 20',
        )
        .all<{ id: number; to_email: string; subject: string; body_text: string }>()
        .then((r) => r.results),
    /** The customer of a live (not expired, not revoked) session, by the token's digest. */
    async sessionCustomer(tokenHash: string, now: string): Promise<Identity | null> {
      return db
        .prepare(
          `SELECT c.id, c.email, c.name, c.cpf FROM sessions s JOIN customers c ON c.id = s.customer_id
            WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
        )
        .bind(tokenHash, now)
        .first<Identity>();
    },
    /** Sales attributed to the seller codes owned by this customer, totals by month (São Paulo time). */
    async salesReport(customerId: number): Promise<SalesReport> {
      const owned = 'SELECT code FROM sellers WHERE customer_id = ?';
      const [sellers, months, orders] = await db.batch([
        db.prepare('SELECT code, name FROM sellers WHERE customer_id = ? ORDER BY code').bind(customerId),
        db
          .prepare(
            `SELECT strftime('%Y-%m', created_at, '-3 hours') AS month, count(*) AS orders, sum(total_cents) AS total FROM orders
              WHERE seller_code COLLATE NOCASE IN (${owned}) AND status IN ${SOLD} GROUP BY month ORDER BY month DESC LIMIT 24`,
          )
          .bind(customerId),
        db
          .prepare(
            `SELECT id, created_at AS createdAt, status, seller_code AS sellerCode, total_cents AS total FROM orders
              WHERE seller_code COLLATE NOCASE IN (${owned}) ORDER BY created_at DESC, id DESC LIMIT 100`,
          )
          .bind(customerId),
      ]);
      return {
        sellers: sellers!.results as SalesReport['sellers'],
        months: months!.results as SalesReport['months'],
        orders: orders!.results as SalesReport['orders'],
      };
    },
  };
}
export type CustomersRepo = ReturnType<typeof customersRepo>;

export interface LoginLimitState {
  client_n: number;
  client_oldest: string | null;
  pair_n: number;
  pair_oldest: string | null;
  account_n: number;
  account_last: string | null;
}
