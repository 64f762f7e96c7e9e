import { CUSTOMERS_ADMIN_MESSAGES } from '../../contracts/customers-admin';
import { DomainError } from '../domain-error';
import type { CustomersAdminPort } from './port';

/** With COMMERCE_API_URL the upstream owns the customers: nothing here reads or changes them. */
export function upstreamCustomersAdmin(): CustomersAdminPort {
  const owned = () => Promise.reject(new DomainError('CONFLICT', CUSTOMERS_ADMIN_MESSAGES.upstream));
  return {
    backofficeCustomers: owned,
    backofficeCustomer: owned,
    backofficeCashbackAdjust: owned,
    backofficeCustomerExport: owned,
    backofficeCustomerErase: owned,
  };
}
