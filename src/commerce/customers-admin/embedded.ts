import type { StaffGate } from '../staff/service';
import type { CustomersAdminPort } from './port';
import { customersAdminRepo } from './repo';
import { adjustCashback, customerOrThrow, eraseCustomer, exportCustomer } from './service';

/** The embedded (D1) customers section: reads for any staff member; changes need `customers:write` and are audited. */
export function embeddedCustomersAdmin(
  db: D1Database,
  staff: StaffGate,
  now: () => Date = () => new Date(),
): CustomersAdminPort {
  const repo = customersAdminRepo(db);
  return {
    backofficeCustomers: async (query) => (await staff.read(), repo.search(query.q)),
    backofficeCustomer: async (id) => (await staff.read(), customerOrThrow(repo, id, now())),
    backofficeCashbackAdjust: async (input) => adjustCashback(repo, await staff.write('customers:write'), input, now()),
    backofficeCustomerExport: async (id) => exportCustomer(repo, await staff.write('customers:write'), id, now()),
    backofficeCustomerErase: async (input) => eraseCustomer(repo, await staff.write('customers:write'), input, now()),
  };
}
