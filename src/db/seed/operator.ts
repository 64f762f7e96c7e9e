import type { Role } from '../../commerce/staff/permissions';
import type { SeedStatement } from './index';

/**
 * The demo staff (ADR 0010, ADR 0028): one account per role, for the back office at /painel. The store operator
 * of old is the demo `dono`. Passwords are stored as their PBKDF2 hashes (ADR 0006 parameters) so seeding stays
 * synchronous; the README lists them.
 */
export const DEMO_OPERATOR = {
  email: 'operador@vitrine.dev',
  password: 'Painel@2026',
  name: 'Operador da Loja',
  cpf: '73184620590',
  role: 'dono',
  passwordHash: 'pbkdf2-sha256$100000$hOIbNV83ev/Q1XJKJ2/e9A==$/ogU96XZ7xjjxS98dqo68rzk9acaUyaIp/c/EUjPShU=',
} as const;

export interface DemoStaff {
  email: string;
  password: string;
  name: string;
  cpf: string;
  role: Role;
  passwordHash: string;
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  DEMO_OPERATOR,
  {
    email: 'catalogo@vitrine.dev',
    password: 'Catalogo@2026',
    name: 'Equipe Catálogo',
    cpf: '41827365080',
    role: 'catalogo',
    passwordHash: 'pbkdf2-sha256$100000$DB4EKWD5dwUZCgeYtlF5yg==$BTaT5gsTbFV1G0itG77iF+LybMcTjXdi7J9DDK8AOso=',
  },
  {
    email: 'operacoes@vitrine.dev',
    password: 'Operacoes@2026',
    name: 'Equipe Operações',
    cpf: '52938476191',
    role: 'operacoes',
    passwordHash: 'pbkdf2-sha256$100000$95Rt3FZHdFWtnyUiVZ09ag==$UGXoqVFEGwWGJg5f3vOCFUL73VA8w3LIN2u2g2LnpDc=',
  },
  {
    email: 'marketing@vitrine.dev',
    password: 'Marketing@2026',
    name: 'Equipe Marketing',
    cpf: '63049587229',
    role: 'marketing',
    passwordHash: 'pbkdf2-sha256$100000$P+iahiihlRGWUGhzz0F3kA==$tvLHf2TVP/yQuBYWLY+ZXnsxs2HtjZKhzDni6WC8f1c=',
  },
];

export function operatorStatements(): SeedStatement[] {
  return DEMO_STAFF.flatMap((s) => [
    {
      sql: `INSERT INTO customers (email, cpf, name, password_hash) VALUES (?, ?, ?, ?)
            ON CONFLICT (email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash`,
      params: [s.email, s.cpf, s.name, s.passwordHash],
    },
    {
      sql: `INSERT INTO staff (customer_id, role) SELECT id, ? FROM customers WHERE email = ?
            ON CONFLICT (customer_id) DO UPDATE SET role = excluded.role, active = 1`,
      params: [s.role, s.email],
    },
  ]);
}
