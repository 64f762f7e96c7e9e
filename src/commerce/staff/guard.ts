import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../domain-error';
import type { AppEnv } from '../../env';
import { can, PERMISSION_MESSAGES, type Permission } from './permissions';

/** A route guard that names its permission (the route-listing tests read `permission` off the handler). */
export type PermissionGuard = MiddlewareHandler<AppEnv> & { readonly permission: Permission };

/**
 * The one guard of every `/api/backoffice/*` mutation (ADR 0028): `.post(path, requirePermission('orders:write'), handler)`.
 * Who asks comes from the commerce port (`backofficeOperator`: D1 embedded, the upstream's `/backoffice/me` in proxy mode),
 * so it works in both modes: no session → 401, not staff → 403, staff without the permission → 403 "sem permissão".
 */
export function requirePermission(permission: Permission): PermissionGuard {
  const guard = createMiddleware<AppEnv>(async (c, next) => {
    const operator = await c.var.commerce.backofficeOperator();
    if (!can(operator, permission)) throw new DomainError('FORBIDDEN', PERMISSION_MESSAGES.forbidden);
    await next();
  });
  return Object.assign(guard, { permission });
}

/**
 * The permission a route handler declares, if it is a guard (requirePermission, or a page's asStaff). A router
 * mounted with `.route()` under an app with its own error handler wraps each handler and keeps the original on
 * `__COMPOSED_HANDLER` (Hono's own marker): followed down to the handler itself.
 */
export function declaredPermission(handler: unknown): Permission | null {
  let current: unknown = handler;
  for (let depth = 0; typeof current === 'function' && depth < 10; depth += 1) {
    const marked = current as { permission?: Permission | null; __COMPOSED_HANDLER?: unknown };
    if ('permission' in marked) return marked.permission ?? null;
    current = marked.__COMPOSED_HANDLER;
  }
  return null;
}
