import Validator from '@adobe/structured-data-validator';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp, scriptTags, seed } from './app-harness';
import { schemaOrgVocabulary } from './schema-org';

// The product page's JSON-LD checked by a maintained validator (schema.org's vocabulary and Google's rich result
// rules) on three real pages: one variant, sizes only, colours × sizes.
const { request } = makeApp();

interface Issue {
  severity: 'ERROR' | 'WARNING';
  issueMessage: string;
  errorType?: string;
  rootType: string;
}

async function jsonLd(slug: string): Promise<Record<string, unknown>[]> {
  const html = await (await request(`https://www.vitrine.com.br/${slug}/p`)).text();
  const block = scriptTags(html).find((t) => t.attrs.type === 'application/ld+json');
  return JSON.parse(block!.body) as Record<string, unknown>[];
}

/** A product (not a gift) with this many colours and sizes. */
async function productWith(colors: string, sizes: string): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT p.slug FROM products p JOIN product_items i ON i.product_id = p.id WHERE p.gift = 0
      GROUP BY p.id HAVING count(DISTINCT i.color_slug) ${colors} AND count(DISTINCT i.size) ${sizes} ORDER BY p.id LIMIT 1`,
  ).first<{ slug: string }>();
  return row!.slug;
}

describe('product JSON-LD against schema.org (@adobe/structured-data-validator)', () => {
  const validator = new Validator(schemaOrgVocabulary());
  const pages: Record<string, string> = {};
  beforeAll(async () => {
    await seed();
    pages['one variant'] = await productWith('= 1', '= 1');
    pages['sizes only'] = await productWith('= 1', '> 1');
    pages['colours × sizes'] = await productWith('> 1', '> 1');
  });

  it.each(['one variant', 'sizes only', 'colours × sizes'])('validates the %s page', async (kind) => {
    const blocks = await jsonLd(pages[kind]!);
    const group = blocks.find((b) => b['@type'] === 'ProductGroup')!;
    const variants = group.hasVariant as { size: string; color: string }[];
    expect(group.variesBy ?? []).toEqual(
      kind === 'one variant'
        ? []
        : kind === 'sizes only'
          ? ['https://schema.org/size']
          : ['https://schema.org/size', 'https://schema.org/color'],
    );
    if (kind === 'one variant') expect(variants).toHaveLength(1);
    else expect(variants.length).toBeGreaterThan(1);
    const byType: Record<string, unknown[]> = {};
    for (const b of blocks) (byType[String(b['@type'])] ??= []).push(b);
    const issues = (await validator.validate({ jsonld: byType })) as Issue[];
    // Every type and property is schema.org's, and nothing Google requires is missing.
    expect(issues.filter((i) => i.severity === 'ERROR' || i.errorType === 'schemaOrg')).toEqual([]);
  });

  it('fails a property schema.org does not have, or a type it does not know (the validator is not a no-op)', async () => {
    const [group] = await jsonLd(pages['sizes only']!);
    const wrong = { ...group!, variesBy: undefined, hasVariants: group!.hasVariant, '@type': 'ProductGroup' };
    const issues = (await validator.validate({
      jsonld: { ProductGroup: [wrong], Produkt: [{ '@type': 'Produkt', name: 'x' }] },
    })) as Issue[];
    expect(issues.map((i) => i.issueMessage)).toEqual(
      expect.arrayContaining([
        'Property "hasVariants" for type "ProductGroup" is not supported by the schema.org specification',
        'Type "Produkt" is not a valid schema.org type',
      ]),
    );
  });
});
