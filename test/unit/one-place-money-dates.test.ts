import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repo's own lint config (eslint.config.js ONE_PLACE): a second copy of the money or dates rules fails the lint.
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
async function onePlace(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'one/one-place').map((m) => m.message);
}

describe('one place for money and dates (eslint.config.js)', () => {
  // Loading the config and the TypeScript parser is the slow part: once, outside the cases' time limit.
  beforeAll(() => onePlace('src/lib/x.ts', 'export {};\n'), 120_000);
  it('cents to a decimal string only in src/lib/format/money.ts', async () => {
    const code = 'export const f = (cents: number) => (cents / 100).toFixed(2);\n';
    expect(await onePlace('src/lib/payments/pix.ts', code)).toEqual([expect.stringContaining('centsToDecimal')]);
    expect(await onePlace('client/islands/x.ts', code)).toHaveLength(1);
    expect(await onePlace('src/lib/format/money.ts', code)).toEqual([]);
  });
  it('currency formatting only in src/lib/format/money.ts', async () => {
    const code = "export const f = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });\n";
    expect(await onePlace('src/pages/x.ts', code)).toEqual([expect.stringContaining('formatBRL')]);
    expect(await onePlace('src/lib/format/money.ts', code)).toEqual([]);
  });
  it("São Paulo's zone only in src/lib/format/dates.ts, in a string or a template", async () => {
    const code = "export const z = 'America/Sao_Paulo';\nexport const t = `zone: America/Sao_Paulo`;\n";
    expect(await onePlace('client/islands/x.tsx', code)).toHaveLength(2);
    expect(await onePlace('src/lib/format/dates.ts', code)).toEqual([]);
  });
  it('one day in ms only in src/lib/format/day.ts', async () => {
    const code = 'export const a = 86_400_000;\nexport const b = 86400000;\nexport const c = 24 * 60 * 60 * 1000;\n';
    expect(await onePlace('src/commerce/x.ts', code)).toEqual(Array(3).fill(expect.stringContaining('DAY_MS')));
    expect(await onePlace('src/lib/format/dates.ts', code)).toEqual(Array(3).fill(expect.stringContaining('DAY_MS')));
    expect(await onePlace('src/lib/format/day.ts', code)).toEqual([]);
  });
});
