import type { AddressInput } from '../../contracts/customers';

export interface AddressRow {
  id: number;
  label: string | null;
  receiver: string;
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  is_default: number;
}

export const MAX_ADDRESSES = 20;
/** The columns a shopper types, in the order `addressValues` binds them (label and default are the caller's). */
const TYPED_COLUMNS = ['receiver', 'zip_code', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'];
export const ADDRESS_COLUMNS = TYPED_COLUMNS.join(', ');
export const ADDRESS_PLACEHOLDERS = TYPED_COLUMNS.map(() => '?').join(', ');
const COLUMNS = `id, label, ${ADDRESS_COLUMNS}, is_default`;
const ADDRESS_ASSIGNMENTS = TYPED_COLUMNS.map((column) => `${column} = ?`).join(', ');
export const addressValues = (a: Omit<AddressInput, 'label' | 'isDefault'>) => [
  a.receiver,
  a.zipCode,
  a.street,
  a.number,
  a.complement,
  a.neighborhood,
  a.city,
  a.state,
];

/** Address SQL: every statement is scoped by customer id; "one default" is a partial UNIQUE index. */
export function addressesRepo(db: D1Database) {
  const unsetDefault = (customerId: number, keep: number) =>
    db
      .prepare('UPDATE addresses SET is_default = 0 WHERE customer_id = ? AND is_default = 1 AND id <> ?')
      .bind(customerId, keep);
  // With no default left (first address, or the default was deleted), the newest becomes the default.
  const ensureDefault = (customerId: number) =>
    db
      .prepare(
        `UPDATE addresses SET is_default = 1 WHERE id = (SELECT id FROM addresses WHERE customer_id = ? ORDER BY id DESC LIMIT 1)
           AND NOT EXISTS (SELECT 1 FROM addresses WHERE customer_id = ? AND is_default = 1)`,
      )
      .bind(customerId, customerId);
  return {
    list: (customerId: number) =>
      db
        .prepare(`SELECT ${COLUMNS} FROM addresses WHERE customer_id = ? ORDER BY is_default DESC, id`)
        .bind(customerId)
        .all<AddressRow>()
        .then((r) => r.results),
    /** Insert (capped at MAX_ADDRESSES by the statement itself) and fix the default, in one batch. */
    async add(customerId: number, a: AddressInput): Promise<number | null> {
      const [, inserted] = await db.batch([
        a.isDefault ? unsetDefault(customerId, 0) : db.prepare('SELECT 1'),
        db
          .prepare(
            `INSERT INTO addresses (customer_id, label, ${ADDRESS_COLUMNS}, is_default)
             SELECT ?, ?, ${ADDRESS_PLACEHOLDERS}, ? WHERE (SELECT count(*) FROM addresses WHERE customer_id = ?) < ? RETURNING id`,
          )
          .bind(customerId, a.label, ...addressValues(a), a.isDefault ? 1 : 0, customerId, MAX_ADDRESSES),
        ensureDefault(customerId),
      ]);
      return (inserted?.results[0] as { id: number } | undefined)?.id ?? null;
    },
    async update(customerId: number, id: number, a: AddressInput): Promise<boolean> {
      const [, updated] = await db.batch([
        a.isDefault ? unsetDefault(customerId, id) : db.prepare('SELECT 1'),
        db
          .prepare(
            `UPDATE addresses SET label = ?, ${ADDRESS_ASSIGNMENTS}, is_default = MAX(is_default, ?),
                    updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              WHERE id = ? AND customer_id = ?`,
          )
          .bind(a.label, ...addressValues(a), a.isDefault ? 1 : 0, id, customerId),
        ensureDefault(customerId),
      ]);
      return (updated?.meta.changes ?? 0) === 1;
    },
    async setDefault(customerId: number, id: number): Promise<boolean> {
      const owned = await db
        .prepare('SELECT 1 AS ok FROM addresses WHERE id = ? AND customer_id = ?')
        .bind(id, customerId)
        .first();
      if (!owned) return false;
      await db.batch([
        unsetDefault(customerId, id),
        db.prepare('UPDATE addresses SET is_default = 1 WHERE id = ? AND customer_id = ?').bind(id, customerId),
      ]);
      return true;
    },
    async remove(customerId: number, id: number): Promise<boolean> {
      const [removed] = await db.batch([
        db.prepare('DELETE FROM addresses WHERE id = ? AND customer_id = ?').bind(id, customerId),
        ensureDefault(customerId),
      ]);
      return (removed?.meta.changes ?? 0) === 1;
    },
  };
}
export type AddressesRepo = ReturnType<typeof addressesRepo>;
