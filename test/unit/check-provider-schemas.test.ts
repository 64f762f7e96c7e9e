import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A tiny "official" document of our own making (the real ones are never committed). */
const official = {
  openapi: '3.0.3',
  info: { title: 'Toy', version: '1.0' },
  paths: {
    '/charges/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '[A-Z]{4}' } }],
      put: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Charge' } } } },
        responses: { '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Charge' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Charge: {
        allOf: [
          { type: 'object', required: ['amount'], properties: { amount: { type: 'string' } } },
          {
            type: 'object',
            properties: { status: { type: 'string', enum: ['OPEN', 'PAID'] }, note: { type: 'string' } },
          },
        ],
      },
    },
  },
};

function check(subset: unknown): { code: number; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  writeFileSync(join(dir, 'official.json'), JSON.stringify(official));
  writeFileSync(join(dir, 'ours.json'), JSON.stringify(subset));
  try {
    const out = execFileSync(
      process.execPath,
      [
        'scripts/check-provider-schemas.mjs',
        '--subset',
        join(dir, 'ours.json'),
        '--official',
        join(dir, 'official.json'),
      ],
      { encoding: 'utf8' },
    );
    return { code: 0, out };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}

const subset = (body: unknown, method = 'PUT', path = '/charges/{id}') => ({
  source: { version: '1.0' },
  operations: [
    {
      id: 'x',
      method,
      path,
      pathParams: { id: { type: 'string', pattern: '^[A-Z]{4}$' } },
      requestBody: body,
      responses: { '201': { type: 'object', properties: { status: { type: 'string' } } } },
    },
  ],
  $defs: {},
});

describe('scripts/check-provider-schemas.mjs', () => {
  it('accepts a faithful subset (anchored patterns and x-required-by-us are notes, not errors)', () => {
    const result = check(
      subset({
        type: 'object',
        required: ['amount', 'note'],
        'x-required-by-us': ['note'],
        properties: {
          amount: { type: 'string' },
          note: { type: 'string' },
          status: { type: 'string', enum: ['PAID'] },
        },
      }),
    );
    expect(result.out).toMatch(/0 errors/);
    expect(result.code).toBe(0);
  });

  it('refuses invented fields, wrong types, foreign enum values, undeclared requirements and unknown operations', () => {
    const result = check(
      subset({
        type: 'object',
        required: ['note'],
        properties: {
          amount: { type: 'integer' },
          status: { type: 'string', enum: ['VOID'] },
          color: { type: 'string' },
        },
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/amount: type integer, official string/);
    expect(result.out).toMatch(/enum value "VOID"/);
    expect(result.out).toMatch(/color: no such property/);
    expect(result.out).toMatch(/note: required by us, optional in the official schema/);
    expect(check(subset({ type: 'object' }, 'DELETE')).out).toMatch(/no such operation/);
  });
});
