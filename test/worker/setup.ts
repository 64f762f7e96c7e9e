import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Real D1 inside workerd: the same migrations `wrangler d1 migrations apply` runs.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
