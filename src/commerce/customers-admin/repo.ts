import { ERASED_NAME, type AdminCustomer, type AdminCustomerRow } from '../../contracts/customers-admin';
import { BALANCE_SQL } from '../cashback/repo';

/** The back office's SQL for customers: search, one customer, the cashback adjustment, the LGPD export and erase. */
interface CustomerDbRow {
  id: number;
  name: string;
  email: string;
  cpf: string;
  phone: string | null;
  created_at: string;
  erased_at: string | null;
}
const COLUMNS = 'id, name, email, cpf, phone, created_at, erased_at';
const toRow = (r: CustomerDbRow): AdminCustomerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  cpf: r.cpf,
  createdAt: r.created_at,
  erasedAt: r.erased_at,
});
/** Orders or exchanges still needing the customer's data (delivery, a return on its way). */
const IN_PROGRESS = `(EXISTS (SELECT 1 FROM orders WHERE customer_id = ?1 AND status IN ('pending', 'paid', 'invoiced', 'shipped'))
  OR EXISTS (SELECT 1 FROM exchanges WHERE customer_id = ?1 AND status IN ('requested', 'approved', 'received')))`;

/** Where an erased customer's data were: values that are no one's (the CPF's check digit is made wrong on purpose). */
export function erasedPlaceholders(id: number): { email: string; cpf: string } {
  const base = String(id % 1_000_000_000).padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(base[i]) * (10 - i);
  const right = (sum * 10) % 11 === 10 ? 0 : (sum * 10) % 11;
  return { email: `cliente-removido-${id}@anonimizado.invalid`, cpf: `${base}${(right + 1) % 10}0` };
}

export function customersAdminRepo(db: D1Database) {
  return {
    async search(q: string | undefined): Promise<AdminCustomerRow[]> {
      if (!q) {
        const { results } = await db
          .prepare(`SELECT ${COLUMNS} FROM customers ORDER BY id DESC LIMIT 50`)
          .all<CustomerDbRow>();
        return results.map(toRow);
      }
      const digits = q.replace(/[.\-\s]/g, '');
      const byCpf = /^\d{3,11}$/.test(digits) ? digits : null;
      const { results } = await db
        .prepare(
          `SELECT ${COLUMNS} FROM customers
            WHERE (?1 IS NOT NULL AND cpf LIKE ?1 || '%') OR instr(lower(email), lower(?2)) > 0 OR instr(lower(name), lower(?2)) > 0
            ORDER BY id DESC LIMIT 50`,
        )
        .bind(byCpf, q)
        .all<CustomerDbRow>();
      return results.map(toRow);
    },
    async customer(id: number, now: string): Promise<AdminCustomer | null> {
      const [profile, orders, balance, entries, exchanges] = await db.batch([
        db.prepare(`SELECT ${COLUMNS} FROM customers WHERE id = ?`).bind(id),
        db
          .prepare(
            'SELECT id, created_at AS createdAt, status, total_cents AS total FROM orders WHERE customer_id = ? ORDER BY id DESC LIMIT 100',
          )
          .bind(id),
        db.prepare(`SELECT ${BALANCE_SQL} AS balance`).bind(id, now),
        db
          .prepare(
            'SELECT id, kind, amount_cents AS amount, note, created_at AS createdAt FROM cashback_entries WHERE customer_id = ? ORDER BY id DESC LIMIT 30',
          )
          .bind(id),
        db
          .prepare(
            'SELECT id, order_id AS orderId, kind, status, created_at AS createdAt FROM exchanges WHERE customer_id = ? ORDER BY id DESC LIMIT 50',
          )
          .bind(id),
      ]);
      const row = profile!.results[0] as CustomerDbRow | undefined;
      if (!row) return null;
      return {
        ...toRow(row),
        phone: row.phone,
        orders: orders!.results as AdminCustomer['orders'],
        cashback: {
          balance: (balance!.results[0] as { balance: number }).balance,
          entries: entries!.results as AdminCustomer['cashback']['entries'],
        },
        exchanges: exchanges!.results as AdminCustomer['exchanges'],
      };
    },
    balance: async (id: number, now: string) =>
      (await db.prepare(`SELECT ${BALANCE_SQL} AS balance`).bind(id, now).first<number>('balance')) ?? 0,
    async eraseBlockers(id: number): Promise<{ staff: boolean; inProgress: boolean }> {
      const row = await db
        .prepare(`SELECT EXISTS (SELECT 1 FROM staff WHERE customer_id = ?1) AS staff, ${IN_PROGRESS} AS inProgress`)
        .bind(id)
        .first<{ staff: number; inProgress: number }>();
      return { staff: row?.staff === 1, inProgress: row?.inProgress === 1 };
    },
    /**
     * The adjustment's guarded entry (the audit row goes right after it, written only when it was): only while the
     * balance is still the one the form showed, the result is not below zero and the account is not erased.
     */
    adjustStatement(a: {
      customerId: number;
      amount: number;
      reason: string;
      balance: number;
      now: string;
    }): D1PreparedStatement {
      return db
        .prepare(
          `INSERT INTO cashback_entries (customer_id, amount_cents, kind, available_at, note)
           SELECT ?1, ?3, 'adjustment', ?2, ?5
            WHERE EXISTS (SELECT 1 FROM customers WHERE id = ?1 AND erased_at IS NULL)
              AND ${BALANCE_SQL} = ?4 AND ${BALANCE_SQL} + ?3 >= 0`,
        )
        .bind(a.customerId, a.now, a.amount, a.balance, a.reason);
    },
    /** Everything stored about the customer, read in ONE batch with `audit` (the export's audit row) first. */
    async exportWith(id: number, audit: D1PreparedStatement): Promise<Record<string, unknown>> {
      const owner = 'WHERE customer_id = ?1';
      const reads = {
        customer: db.prepare(
          'SELECT id, email, cpf, name, phone, birth_date, marketing_opt_in, created_at, updated_at, erased_at FROM customers WHERE id = ?1',
        ),
        addresses: db.prepare(`SELECT * FROM addresses ${owner} ORDER BY id`),
        orders: db.prepare(
          `SELECT id, created_at, status, email, name, cpf, phone, address_json, subtotal_cents, discount_cents, shipping_cents,
                  cashback_cents, total_cents, coupon_code, seller_code, payment_method_id, invoice_number, tracking_code
             FROM orders ${owner} ORDER BY id`,
        ),
        orderItems: db.prepare(
          `SELECT i.* FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.customer_id = ?1 ORDER BY i.id`,
        ),
        cashback: db.prepare(
          `SELECT id, kind, amount_cents, order_id, note, available_at, expires_at, created_at FROM cashback_entries ${owner} ORDER BY id`,
        ),
        exchanges: db.prepare(`SELECT * FROM exchanges ${owner} ORDER BY id`),
        favorites: db.prepare(`SELECT product_item_id, created_at FROM favorites ${owner} ORDER BY id`),
        campaignLeads: db.prepare(
          'SELECT campaign, name, email, phone, consent_text, consent_at FROM campaign_leads WHERE email = (SELECT email FROM customers WHERE id = ?1)',
        ),
      };
      const results = await db.batch([audit, ...Object.values(reads).map((s) => s.bind(id))]);
      const out: Record<string, unknown> = {};
      Object.keys(reads).forEach((key, i) => {
        const rows = results[i + 1]!.results;
        out[key] = key === 'customer' ? (rows[0] ?? null) : rows;
      });
      return out;
    },
    /**
     * The erase (LGPD), in this order for ONE batch: the guarded anonymisation of the account (only while not erased),
     * then `audit` (an `IfChanged` row), then the rest, each harmless when repeated. Orders keep what fiscal records
     * need (items, amounts, dates, payment, invoice, the delivery city and UF); their personal data are anonymised too,
     * as are the guest orders placed with the same e-mail or CPF.
     */
    eraseStatements(
      c: { id: number; email: string; cpf: string; now: string },
      audit: D1PreparedStatement,
    ): D1PreparedStatement[] {
      const gone = erasedPlaceholders(c.id);
      const mine = '(customer_id = ?1 OR (guest = 1 AND (email = ?2 OR cpf = ?3)))';
      return [
        db
          .prepare(
            `UPDATE customers SET name = ?4, email = ?5, cpf = ?6, phone = NULL, birth_date = NULL, password_hash = NULL,
               marketing_opt_in = 0, erased_at = ?7, updated_at = ?7 WHERE id = ?1 AND erased_at IS NULL`,
          )
          .bind(c.id, null, null, ERASED_NAME, gone.email, gone.cpf, c.now),
        audit,
        db
          .prepare('UPDATE sessions SET revoked_at = ?2 WHERE customer_id = ?1 AND revoked_at IS NULL')
          .bind(c.id, c.now),
        db.prepare('DELETE FROM addresses WHERE customer_id = ?').bind(c.id),
        db.prepare('DELETE FROM favorites WHERE customer_id = ?').bind(c.id),
        db.prepare('DELETE FROM password_resets WHERE customer_id = ?').bind(c.id),
        db
          .prepare(
            "UPDATE carts SET email = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE customer_id = ? AND email IS NOT NULL",
          )
          .bind(c.id),
        db
          .prepare(
            `UPDATE refund_payouts SET holder_cpf = ?4 WHERE refund_id IN
               (SELECT r.id FROM payment_refunds r JOIN orders o ON o.id = r.order_id WHERE ${mine.replace(/\b(customer_id|guest|email|cpf)\b/g, 'o.$1')})`,
          )
          .bind(c.id, c.email, c.cpf, gone.cpf),
        db
          .prepare(
            `UPDATE orders SET name = ?4, email = ?5, cpf = ?6, phone = NULL, user_agent = NULL,
               address_json = CASE WHEN address_json IS NULL THEN NULL
                 ELSE json_object('city', json_extract(address_json, '$.city'), 'state', json_extract(address_json, '$.state')) END
             WHERE ${mine}`,
          )
          .bind(c.id, c.email, c.cpf, ERASED_NAME, gone.email, gone.cpf),
        db.prepare('DELETE FROM campaign_leads WHERE email = ?').bind(c.email),
        db.prepare('DELETE FROM mail_outbox WHERE to_email = ?').bind(c.email),
      ];
    },
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  };
}
export type CustomersAdminRepo = ReturnType<typeof customersAdminRepo>;
