import { describe, expect, it } from 'vitest';
import { breadcrumbNames, breadcrumbTrail, productBreadcrumb } from '../../src/lib/seo/breadcrumb';

const praia = { slug: 'moda-praia', name: 'Moda Praia' };
const biquinis = { slug: 'moda-praia/biquinis', name: 'Biquínis' };

describe('breadcrumb', () => {
  it('takes department_name and category_name from the last two entries (spec §3)', () => {
    expect(breadcrumbNames([praia, biquinis])).toEqual({ department_name: 'Moda Praia', category_name: 'Biquínis' });
    const deep = [
      { slug: 'moda', name: 'Moda' },
      { slug: 'moda/roupas', name: 'Roupas' },
      { slug: 'moda/vestidos', name: 'Vestidos' },
    ];
    expect(breadcrumbNames(deep)).toEqual({ department_name: 'Roupas', category_name: 'Vestidos' });
  });
  it('gives both the same name for a single entry', () => {
    expect(breadcrumbNames([praia])).toEqual({ department_name: 'Moda Praia', category_name: 'Moda Praia' });
  });
  it('is null without entries', () => {
    expect(breadcrumbNames([])).toBeNull();
  });
  it('builds one entry when department and category are the same slug', () => {
    expect(productBreadcrumb(praia, biquinis)).toEqual([praia, biquinis]);
    expect(productBreadcrumb(praia, praia)).toEqual([praia]);
  });
  it('renders a trail from the home page to the current page', () => {
    expect(breadcrumbTrail([praia, biquinis], 'Biquíni Lacinho')).toEqual([
      { name: 'Início', href: '/' },
      { name: 'Moda Praia', href: '/moda-praia' },
      { name: 'Biquínis', href: '/moda-praia/biquinis' },
      { name: 'Biquíni Lacinho', href: null },
    ]);
  });
});
