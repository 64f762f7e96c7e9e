import type { SeedStatement } from './index';

/**
 * The demo store operator (ADR 0010): the only seeded super user, for the back office at /painel.
 * Password `Painel@2026`, stored as its PBKDF2 hash (ADR 0006 parameters) so seeding stays synchronous.
 */
export const DEMO_OPERATOR = {
  email: 'operador@vitrine.dev',
  password: 'Painel@2026',
  name: 'Operador da Loja',
  cpf: '73184620590',
  passwordHash: 'pbkdf2-sha256$100000$hOIbNV83ev/Q1XJKJ2/e9A==$/ogU96XZ7xjjxS98dqo68rzk9acaUyaIp/c/EUjPShU=',
} as const;

export function operatorStatements(): SeedStatement[] {
  return [
    {
      sql: `INSERT INTO customers (email, cpf, name, password_hash, super_user) VALUES (?, ?, ?, ?, 1)
            ON CONFLICT (email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash, super_user = 1`,
      params: [DEMO_OPERATOR.email, DEMO_OPERATOR.cpf, DEMO_OPERATOR.name, DEMO_OPERATOR.passwordHash],
    },
  ];
}
