import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartOf, post, skus } from './cart-helpers';
import { makeApp, seed, type TestApp } from './app-harness';
import { bookmarkFrom, D1_BOOKMARK_COOKIE } from '../../src/http/middleware/d1-session';

const app: TestApp = makeApp();

function bookmarkCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${D1_BOOKMARK_COOKIE}=`));
}

describe('D1 sessions: reads near the shopper, own writes always visible (issue 16)', () => {
  beforeAll(() => seed());

  it('the installed runtime gives sessions with bookmarks', async () => {
    const session = env.DB.withSession('first-unconstrained');
    expect(session.getBookmark()).toBeNull();
    await session.prepare('SELECT 1').first();
    expect(bookmarkFrom(session.getBookmark() ?? undefined)).not.toBeNull();
  });

  it('after a write the bookmark goes into an HttpOnly, SameSite=Strict cookie, and the next read starts from it', async () => {
    const [sku] = await skus(1);
    const res = await post(app, '/api/cart', { productItemId: sku!.id, amount: 1 });
    const cart = await cartOf(res);
    const cookie = bookmarkCookie(res);
    expect(cookie).toMatch(/^d1_bookmark=[0-9a-f-]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict$/);
    const bookmark = cookie!.split(';')[0]!;
    const read = await app.request(`/api/cart?cartId=${cart.hash}`, {
      headers: { cookie: `${bookmark}; cart=${cart.hash}` },
    });
    const again = await cartOf(read);
    expect(again.items.map((i) => i.id_item_product)).toContain(sku!.id);
    // A read does not move the bookmark (nor set any cookie for it).
    expect(bookmarkCookie(read)).toBeUndefined();
  });

  it('never sets the bookmark on pages, so anonymous pages stay shared', async () => {
    const res = await app.request('/moda-praia');
    expect(res.status).toBe(200);
    expect(bookmarkCookie(res)).toBeUndefined();
    expect(res.headers.get('cache-control')).toContain('s-maxage');
  });

  it.each([
    'garbage',
    '<script>',
    'ffffffff-ffffffff-ffffffff-ffffffff-ffffffff-ffffffff-ffffffff-ffffffff'.repeat(3),
    '0000000a-00000000-00000000-00000000',
  ])('a bookmark cookie %s that D1 would not take is ignored, never a 500', async (value) => {
    const res = await app.request('/api/parameters', { headers: { cookie: `${D1_BOOKMARK_COOKIE}=${value}` } });
    expect(res.status).toBe(200);
  });
});
