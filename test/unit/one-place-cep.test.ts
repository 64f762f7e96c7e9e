import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repo's own eslint.config.js: its ONE_PLACE entry for the CEP check, not a copy of the selector.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });
const onePlace = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath }))
    .flatMap((result) => result.messages)
    .filter((m) => m.ruleId === 'one/one-place')
    .map((m) => m.message);

describe('lint: the 8-digit CEP check has one place (src/lib/customer/cep.ts)', () => {
  it('flags an inline eight-digit regex anywhere else', async () => {
    const code = 'export const a = (s: string) => /^\\d{8}$/.test(s) || /^[0-9]{8}$/.test(s);\n';
    const messages = await onePlace(code, 'src/commerce/shipping/x.ts');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('src/lib/customer/cep.ts');
    expect(await onePlace(code, 'client/x.ts')).toHaveLength(2);
  });

  it('leaves src/lib/customer/cep.ts and other digit counts alone', async () => {
    expect(await onePlace('export const a = /^\\d{8}$/;\n', 'src/lib/customer/cep.ts')).toEqual([]);
    expect(await onePlace('export const a = /^\\d{3}$/;\n', 'src/lib/x.ts')).toEqual([]);
  });
});
