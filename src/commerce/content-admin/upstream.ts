import { CONTENT_MESSAGES } from '../../contracts/content';
import { DomainError } from '../domain-error';
import type { ContentAdminPort } from './port';

/** With COMMERCE_API_URL the upstream owns the storefront's content: nothing here reads or changes it. */
export function upstreamContentAdmin(): ContentAdminPort {
  const owned = () => Promise.reject(new DomainError('CONFLICT', CONTENT_MESSAGES.upstream));
  return {
    backofficeContent: owned,
    // A preview of nothing: the storefront shows the upstream's content.
    backofficeContentPreview: () => Promise.resolve(null),
    backofficeStripSave: owned,
    backofficeBannerSave: owned,
    backofficeHeroSave: owned,
    backofficeMenuEntrySave: owned,
    backofficeMenuEntryRemove: owned,
    backofficeMenuEntryMove: owned,
    backofficeContentPublish: owned,
    backofficeContentRestore: owned,
  };
}
