import { FeedPageSchema } from '../../contracts/feed';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** The feed's pages from the upstream API (same path as our /api), answers parsed with the contract. */
export function upstreamFeed(send: UpstreamSend): Pick<CommercePort, 'feedPage'> {
  return {
    feedPage: ({ after, limit }) => send('GET', `/feed/items?after=${after}&limit=${limit}`, FeedPageSchema),
  };
}
