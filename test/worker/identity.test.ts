import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hashToken, identityOf, resolveIdentity } from '../../src/commerce/customers/identity';
import { customersRepo } from '../../src/commerce/customers/repo';
import { createCustomerSession } from './app-harness';

describe('session identity (embedded backend)', () => {
  it('resolves a live session to its customer and stores only the token hash', async () => {
    const { customerId, token, email } = await createCustomerSession({ name: 'Ana Souza' });
    expect(await resolveIdentity(customersRepo(env.DB), token)).toMatchObject({
      id: customerId,
      email,
      name: 'Ana Souza',
    });
    const stored = await env.DB.prepare('SELECT token_hash FROM sessions WHERE customer_id = ?')
      .bind(customerId)
      .first<{ token_hash: string }>();
    expect(stored!.token_hash).toBe(await hashToken(token));
    expect(stored!.token_hash).not.toContain(token);
  });

  it('ignores unknown, expired and revoked sessions', async () => {
    expect(await resolveIdentity(customersRepo(env.DB), null)).toBeNull();
    expect(await resolveIdentity(customersRepo(env.DB), 'x'.repeat(40))).toBeNull();
    const expired = await createCustomerSession({ expiresAt: new Date(Date.now() - 1000) });
    expect(await resolveIdentity(customersRepo(env.DB), expired.token)).toBeNull();
    const revoked = await createCustomerSession();
    await env.DB.prepare("UPDATE sessions SET revoked_at = 'now' WHERE customer_id = ?").bind(revoked.customerId).run();
    expect(await resolveIdentity(customersRepo(env.DB), revoked.token)).toBeNull();
  });

  it('reads the session at most once per request', async () => {
    const { token, customerId } = await createCustomerSession();
    const lookup = identityOf(env.DB, token);
    const [a, b] = await Promise.all([lookup(), lookup()]);
    expect(a?.id).toBe(customerId);
    expect(b).toBe(a);
  });
});
