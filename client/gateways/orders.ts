import { api } from '../api';

export interface OrdersGateway {
  /** The confirmation page's `/api/order-status?…` URL (it carries the order ids and access token). */
  status(statusUrl: string): Promise<{ status: string }>;
}

export const ordersGateway: OrdersGateway = {
  status: (statusUrl) => api<{ status: string }>(statusUrl),
};
