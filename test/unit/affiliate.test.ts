import { describe, expect, it } from 'vitest';
import { rakutenSiteId } from '../../client/affiliate';

describe('rakutenSiteId', () => {
  it('needs utm_source=rakuten and a ranSiteID', () => {
    expect(rakutenSiteId('?utm_source=rakuten&ranSiteID=abc')).toBe('abc');
    expect(rakutenSiteId('?ranSiteID=abc&utm_source=rakuten&x=1')).toBe('abc');
    expect(rakutenSiteId('?utm_source=rakuten')).toBeNull();
    expect(rakutenSiteId('?ranSiteID=abc')).toBeNull();
    expect(rakutenSiteId('?utm_source=Rakuten2&ranSiteID=abc')).toBeNull();
    expect(rakutenSiteId('?utm_source=rakuten&ranSiteID=')).toBeNull();
    expect(rakutenSiteId('')).toBeNull();
  });
});
