// The request bodies our live adapters actually send (test/worker/providers/fakes/adapter-bodies.ts, bundled with
// esbuild and run here against the contract-checking fakes), validated against the provider's official OpenAPI
// document: each body against the JSON request schema of the operation its method and path name there. Used by
// scripts/check-provider-schemas.mjs --bodies.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { build } from 'esbuild';
import { root } from './commands.mjs';

/** Runs the adapters against the fakes; returns what they sent and what the fakes found wrong (our subsets). */
export async function sentBodies() {
  const out = await build({
    entryPoints: [join(root, 'test/worker/providers/fakes/adapter-bodies.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const file = join(tmpdir(), `vitrine-adapter-bodies-${process.pid}.mjs`);
  writeFileSync(file, out.outputFiles[0].text);
  const quiet = console.log;
  console.log = () => {};
  try {
    return await (await import(pathToFileURL(file).href)).adapterBodies();
  } finally {
    console.log = quiet;
    rmSync(file, { force: true });
  }
}

const escape = (segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
const templateRegex = (template) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * Validates each sent body against the official documents (already loaded and corrected: `docs` is
 * [{ name, doc }]). Returns one line per body: where it was checked and its errors.
 */
export function checkBodies(bodies, docs) {
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateSchema: false, logger: false });
  addFormats(ajv);
  docs.forEach(({ doc }, i) => ajv.addSchema(doc, `doc${i}`));
  const results = [];
  for (const sent of bodies) {
    const where = `${sent.provider} ${sent.method} ${sent.path}`;
    let found = null;
    docs.forEach(({ name, doc }, i) => {
      for (const [template, item] of Object.entries(doc.paths ?? {}))
        if (!found && item[sent.method.toLowerCase()] && templateRegex(template).test(sent.path))
          found = { name, i, template, operation: item[sent.method.toLowerCase()] };
    });
    if (!found) {
      results.push({ where, against: null, errors: [] });
      continue;
    }
    let body = found.operation.requestBody;
    const pointer = ['paths', found.template, sent.method.toLowerCase(), 'requestBody'];
    if (body?.$ref) {
      pointer.splice(
        0,
        pointer.length,
        ...body.$ref
          .slice(2)
          .split('/')
          .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~')),
      );
      body = pointer.reduce((node, key) => node?.[key], docs[found.i].doc);
    }
    if (!body?.content?.['application/json']?.schema) {
      results.push({
        where,
        against: `${found.name} ${found.template}`,
        errors: ['no JSON request body in the official operation'],
      });
      continue;
    }
    const ref = `doc${found.i}#/${[...pointer, 'content', 'application/json', 'schema'].map(escape).join('/')}`;
    const validate = ajv.compile({ $ref: ref });
    const ok = validate(sent.body);
    results.push({
      where,
      against: `${found.name} ${sent.method} ${found.template}`,
      errors: ok
        ? []
        : validate.errors.map(
            (e) =>
              `${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`,
          ),
    });
  }
  return results;
}
