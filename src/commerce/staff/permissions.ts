import { dict } from '../../lib/security/dict';

/**
 * The back office's roles and permissions (ADR 0028), defined here once. A permission is a `resource:action`
 * string; a role is a fixed set of them. Reading a `/painel` page needs only an active staff account; every
 * mutation names the permission it needs (`requirePermission` on `/api/backoffice/*`, `asStaff` on pages).
 */
export const PERMISSIONS = [
  'orders:write',
  'exchanges:write',
  'catalog:write',
  'stock:write',
  'promotions:write',
  'content:write',
  'customers:write',
  'staff:manage',
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['dono', 'catalogo', 'operacoes', 'marketing'] as const;
export type Role = (typeof ROLES)[number];

/** What each role may do. `dono` may do everything, managing staff included. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = dict({
  dono: PERMISSIONS,
  catalogo: ['catalog:write', 'stock:write'],
  operacoes: ['orders:write', 'exchanges:write', 'stock:write', 'customers:write'],
  marketing: ['promotions:write', 'content:write'],
});

export const ROLE_LABELS: Readonly<Record<Role, string>> = dict({
  dono: 'Dono',
  catalogo: 'Catálogo',
  operacoes: 'Operações',
  marketing: 'Marketing',
});

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** The permissions of a role (a copy: callers may not widen the table). */
export const permissionsOf = (role: Role): Permission[] => [...ROLE_PERMISSIONS[role]];

/** True when the staff member's permissions include `permission`. */
export const can = (who: { permissions: readonly string[] }, permission: Permission): boolean =>
  who.permissions.includes(permission);

export const PERMISSION_MESSAGES = {
  forbidden: 'Sem permissão para esta ação. Peça a um dono da loja.',
} as const;
