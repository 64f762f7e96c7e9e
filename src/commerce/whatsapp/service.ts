import type { WhatsappResponse } from '../../contracts/whatsapp';
import { DomainError } from '../domain-error';
import type { ParametersRepo } from '../parameters/repo';
import type { WhatsappRepo } from './repo';

const KEYS = ['whatsapp_number', 'whatsapp_message'] as const;

function chatUrl(phone: string, message: string | undefined): string {
  const url = new URL('https://api.whatsapp.com/send');
  url.searchParams.set('phone', phone);
  if (message) url.searchParams.set('text', message);
  return url.toString();
}

/**
 * Builds the click-to-chat URL from the store's WhatsApp number and greeting (operator parameters), and one
 * per physical store with a WhatsApp number (the stores-by-chat page).
 */
export async function whatsappLink(deps: { repo: ParametersRepo; stores: WhatsappRepo }): Promise<WhatsappResponse> {
  const [params, stores] = await Promise.all([deps.repo.get(KEYS), deps.stores.chatStores()]);
  const phone = (params.get('whatsapp_number') ?? '').replace(/\D/g, '');
  if (phone.length < 10) {
    throw new DomainError('NOT_FOUND', 'O atendimento pelo WhatsApp está indisponível no momento.');
  }
  return {
    mountedURL: chatUrl(phone, params.get('whatsapp_message')),
    stores: stores
      .map((s) => ({ ...s, phone: s.whatsapp.replace(/\D/g, '') }))
      .filter((s) => s.phone.length >= 10)
      .map((s) => ({
        key: s.key,
        name: s.name,
        city: s.city,
        state: s.state,
        address: s.address,
        mountedURL: chatUrl(s.phone, `Olá! Quero comprar com a ${s.name}.`),
      })),
  };
}
