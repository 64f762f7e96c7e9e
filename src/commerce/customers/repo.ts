// The customers repo: accounts, sessions and the sales report here; login and registration limits, password resets
// and the mail outbox are one file each (*-repo.ts beside this one), joined here so callers keep one `CustomersRepo`.
import type { Me, ProfileUpdate, RegisterInput, SalesReport } from '../../contracts/customers';
import { ADDRESS_COLUMNS, ADDRESS_PLACEHOLDERS, addressValues } from '../addresses/repo';
import { authLimitsRepo } from './auth-limits-repo';
import { mailOutboxRepo } from './outbox-repo';
import { passwordResetsRepo } from './resets-repo';

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

// Orders that count as sales (paid onwards); pending, cancelled and expired ones do not.
const SOLD = "('paid', 'invoiced', 'shipped', 'delivered')";

export function customersRepo(db: D1Database) {
  const sessionInsert = (tokenHash: string, customerWhere: string, binds: unknown[], expiresAt: string) =>
    db
      .prepare(
        `INSERT INTO sessions (token_hash, customer_id, expires_at) SELECT ?, id, ? FROM customers WHERE ${customerWhere}`,
      )
      .bind(tokenHash, expiresAt, ...binds);
  return {
    ...authLimitsRepo(db),
    ...passwordResetsRepo(db),
    ...mailOutboxRepo(db),
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
