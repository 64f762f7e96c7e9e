import type {
  AdminCustomer,
  AdminCustomerRow,
  CashbackAdjust,
  CustomerErase,
  CustomersQuery,
} from '../../contracts/customers-admin';

/**
 * Customers in the back office (ADR 0031): reads for any staff member; the cashback adjustment, the LGPD
 * export and the erase need `customers:write`, each with one audit row in its batch. Embedded backend only: with
 * COMMERCE_API_URL the upstream owns the customers and these answer `CONFLICT` (the pages say so before calling).
 */
export interface CustomersAdminPort {
  backofficeCustomers(query: CustomersQuery): Promise<AdminCustomerRow[]>;
  backofficeCustomer(id: number): Promise<AdminCustomer>;
  /** A signed adjustment with its reason, under the balance the form showed (moved on: `CONFLICT`). */
  backofficeCashbackAdjust(input: CashbackAdjust): Promise<AdminCustomer>;
  /** Everything stored about the customer (LGPD), read with its audit row. */
  backofficeCustomerExport(id: number): Promise<Record<string, unknown>>;
  /** Anonymises the customer's personal data (LGPD): sessions end, the account cannot sign in, orders stay. */
  backofficeCustomerErase(input: CustomerErase): Promise<AdminCustomer>;
}
