import { describe, expect, it } from 'vitest';
import { isIndexableHost } from '../../src/lib/site/host';

describe('isIndexableHost', () => {
  it.each([
    'www.vitrine.com.br',
    'vitrine.com.br',
    'vitrine',
    'WWW.VITRINE.COM.BR',
    'Vitrine.com.br',
    'www.vitrine.com.br:443',
    'vitrine.com.br:8443',
    'www.vitrine.com.br.',
    'www.vitrine.com.br.:443',
    '  www.vitrine.com.br  ',
    'vitrine:8787',
    'vitrine.',
    'vitrine.:8787',
    'www:443',
  ])('indexes %s (first label is www or the product name)', (host) => {
    expect(isIndexableHost(host, 'vitrine')).toBe(true);
  });

  it.each([
    'staging.vitrine.com.br',
    'preview.example.com',
    '127.0.0.1:8787',
    '127.0.0.1',
    'localhost',
    'localhost:8787',
    '[::1]:8787',
    'vitrine-staging.pages.dev',
    'wwww.vitrine.com.br',
    'www2.vitrine.com.br',
    'staging.www.vitrine.com.br',
    '',
  ])('does not index %s', (host) => {
    expect(isIndexableHost(host, 'vitrine')).toBe(false);
  });

  it('compares with the product name case-insensitively', () => {
    expect(isIndexableHost('loja.com.br', 'Loja')).toBe(true);
    expect(isIndexableHost('LOJA.com.br:8080', 'loja')).toBe(true);
    expect(isIndexableHost('vitrine.com.br', 'loja')).toBe(false);
  });
});
