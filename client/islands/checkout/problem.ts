import { ApiRequestError } from '../../api';
import { PaypalFallback, StockError } from '../../stores/checkout';
import { COMMON_MESSAGES } from '../../../src/lib/messages/common';

export interface ProblemText {
  title?: string;
  message: string;
}

/** What a failed checkout call shows: the server's pt-BR title and message, or a generic retry text. */
export function problemOf(error: unknown): ProblemText {
  if (error instanceof ApiRequestError) return { title: error.title, message: error.message };
  if (error instanceof PaypalFallback) return { title: 'PayPal indisponível', message: error.message };
  if (error instanceof StockError) return { title: COMMON_MESSAGES.attention, message: error.message };
  if (error instanceof Error && error.message === 'Approval URL not found')
    return { message: 'Não foi possível abrir o PayPal (Approval URL not found). Tente novamente.' };
  return { message: COMMON_MESSAGES.retry };
}
