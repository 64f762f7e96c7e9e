import type { WhatsappResponse } from '../../contracts/whatsapp';
import { DomainError } from '../domain-error';
import type { ParametersRepo } from '../parameters/repo';

const KEYS = ['whatsapp_number', 'whatsapp_message'] as const;

/** Builds the click-to-chat URL from the store's WhatsApp number and greeting (operator parameters). */
export async function whatsappLink(deps: { repo: ParametersRepo }): Promise<WhatsappResponse> {
  const params = await deps.repo.get(KEYS);
  const phone = (params.get('whatsapp_number') ?? '').replace(/\D/g, '');
  if (phone.length < 10) {
    throw new DomainError('NOT_FOUND', 'O atendimento pelo WhatsApp está indisponível no momento.');
  }
  const url = new URL('https://api.whatsapp.com/send');
  url.searchParams.set('phone', phone);
  const message = params.get('whatsapp_message');
  if (message) url.searchParams.set('text', message);
  return { mountedURL: url.toString() };
}
