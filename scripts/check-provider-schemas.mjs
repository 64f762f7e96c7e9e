#!/usr/bin/env node
// Checks our provider contracts against local copies of the providers' official OpenAPI documents:
// 1. our hand-written subsets (test/providers/schemas/*.json): every operation we declare exists there with that
//    method; every path parameter we declare is a path parameter there; every property we declare exists there, with
//    the same type and an enum within the official one; every field we mark required is required there (or is listed
//    in our `x-required-by-us`: the official document leaves it optional, we always send or expect it). Pattern
//    differences are reported as notes (the official documents mix anchored and unanchored forms).
// 2. `--bodies`: the request bodies our live adapters actually send (scripts/provider-bodies.mjs: each adapter makes
//    one call per endpoint that takes a body, against the contract-checking fakes), each validated against the
//    official operation's request schema (JSON Schema, ajv) — and against our subsets by the fakes. Inter and Rede
//    publish no OpenAPI document: their bodies are checked against our subsets only.
//
//   node scripts/check-provider-schemas.mjs --subset test/providers/schemas/pix.json --official /tmp/pix/openapi.yaml
//   (pairs may repeat), or `--docs <dir>` (or PROVIDER_DOCS=<dir>) holding pix-api/openapi.yaml and
//   paypal/{checkout_orders_v2,payments_payment_v2,notifications_webhooks_v1}.json for all four pairs; add --bodies.
//   Without any document (the lint step on a machine without them) --bodies checks the bodies against our subsets
//   and says so. Exit code 1 when any error is found. The official documents are never committed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { checkBodies, sentBodies } from './provider-bodies.mjs';

/** The documents and versions our subsets cite (`--docs` layout: the repositories' own file names). */
const DOCS = [
  ['test/providers/schemas/pix.json', 'pix-api/openapi.yaml'],
  ['test/providers/schemas/paypal-orders.json', 'paypal/checkout_orders_v2.json'],
  ['test/providers/schemas/paypal-payments.json', 'paypal/payments_payment_v2.json'],
  ['test/providers/schemas/paypal-webhooks.json', 'paypal/notifications_webhooks_v1.json'],
];

function args(argv) {
  const pairs = [];
  let bodies = false;
  let docs = process.env.PROVIDER_DOCS || null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--subset') pairs.push({ subset: argv[++i] });
    else if (argv[i] === '--official') {
      if (!pairs.length || pairs.at(-1).official) throw new Error('--official must follow a --subset');
      pairs.at(-1).official = argv[++i];
    } else if (argv[i] === '--bodies') bodies = true;
    else if (argv[i] === '--docs') docs = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (docs)
    for (const [subset, file] of DOCS) {
      if (!existsSync(join(docs, file))) throw new Error(`${join(docs, file)} not found (--docs / PROVIDER_DOCS)`);
      pairs.push({ subset, official: join(docs, file) });
    }
  if ((!pairs.length && !bodies) || pairs.some((p) => !p.official))
    throw new Error('usage: [--subset <ours.json> --official <openapi.yaml|json> ...] [--docs <dir>] [--bodies]');
  return { pairs, bodies };
}

const load = (path) =>
  path.endsWith('.json') ? JSON.parse(readFileSync(path, 'utf8')) : parseYaml(readFileSync(path, 'utf8'));

/**
 * Known defects of official documents, corrected before anything is compared (each named; the count is printed).
 * - API Pix (bacen/pix-api openapi.yaml, 2.9.0 at 1f1b568f): every CPF is `pattern: "/^\\d{11}$/"` — a JavaScript
 *   regex literal written as a JSON Schema pattern. As ECMA-262 regex source the slashes are literal characters, so it
 *   matches no CPF at all (a validator taking the document at its word refuses every payer). Corrected to `^\d{11}$`.
 */
const KNOWN_DEFECTS = [{ name: 'API Pix CPF pattern written with slashes', from: '/^\\d{11}$/', to: '^\\d{11}$' }];

function correctKnownDefects(node, fixed = { count: 0, names: new Set() }) {
  if (Array.isArray(node)) node.forEach((n) => correctKnownDefects(n, fixed));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      const defect = key === 'pattern' && KNOWN_DEFECTS.find((d) => d.from === value);
      if (defect) {
        node[key] = defect.to;
        fixed.count += 1;
        fixed.names.add(defect.name);
      } else correctKnownDefects(value, fixed);
    }
  return fixed;
}

function pointer(doc, ref) {
  if (!ref.startsWith('#/')) throw new Error(`only local refs are supported: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, key) => (node == null ? undefined : node[key]), doc);
}

/** Resolves $ref and folds allOf into one schema (properties and required merged). */
function flatten(doc, schema, seen = new Set()) {
  if (!schema || typeof schema !== 'object') return schema ?? {};
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return {};
    const next = new Set(seen).add(schema.$ref);
    const { $ref, ...rest } = schema;
    return flatten(doc, { ...pointer(doc, $ref), ...rest }, next);
  }
  if (!schema.allOf) return schema;
  const { allOf, ...rest } = schema;
  const out = { ...rest, properties: { ...(rest.properties ?? {}) }, required: [...(rest.required ?? [])] };
  for (const part of allOf.map((p) => flatten(doc, p, seen))) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties') Object.assign(out.properties, v);
      else if (k === 'required') out.required.push(...v);
      else if (out[k] === undefined) out[k] = v;
    }
  }
  out.required = [...new Set(out.required)];
  return out;
}

const typeOf = (s) => s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
const bare = (p) => p.replace(/^\/|\/$/g, '').replace(/^\^|\$$/g, '');

/** Compares our schema node with the official one; pushes errors and notes. */
function compare(ctx, oursRaw, officialRaw, where) {
  const ours = flatten(ctx.ours, oursRaw);
  const official = flatten(ctx.official, officialRaw);
  const alternatives = official.oneOf ?? official.anyOf;
  if (alternatives && !official.properties) {
    // Ours must fit one alternative of the official oneOf/anyOf.
    const tries = alternatives.map((alt) => {
      const sub = { ...ctx, errors: [], notes: [] };
      compare(sub, oursRaw, alt, where);
      return sub;
    });
    const best = tries.find((t) => t.errors.length === 0) ?? tries.sort((a, b) => a.errors.length - b.errors.length)[0];
    ctx.errors.push(...best.errors);
    ctx.notes.push(...best.notes);
    return;
  }
  const ot = typeOf(ours);
  const ft = typeOf(official);
  if (ot && ft && ot !== ft && !(ot === 'integer' && ft === 'number'))
    ctx.errors.push(`${where}: type ${ot}, official ${ft}`);
  if (ours.enum) {
    if (!official.enum) ctx.notes.push(`${where}: we restrict to ${JSON.stringify(ours.enum)}; official has no enum`);
    else
      for (const v of ours.enum)
        if (!official.enum.includes(v))
          ctx.errors.push(`${where}: enum value ${JSON.stringify(v)} not in official ${JSON.stringify(official.enum)}`);
  }
  if (ours.pattern && official.pattern && bare(ours.pattern) !== bare(official.pattern))
    ctx.notes.push(`${where}: pattern ${ours.pattern}, official ${official.pattern}`);
  const byUs = new Set(ours['x-required-by-us'] ?? []);
  const officialRequired = new Set(official.required ?? []);
  for (const field of ours.required ?? []) {
    if (!(official.properties ?? {})[field])
      ctx.errors.push(`${where}.${field}: required by us, absent from the official schema`);
    else if (!officialRequired.has(field)) {
      if (byUs.has(field))
        ctx.notes.push(`${where}.${field}: optional officially, always present for us (x-required-by-us)`);
      else ctx.errors.push(`${where}.${field}: required by us, optional in the official schema`);
    }
  }
  for (const [name, sub] of Object.entries(ours.properties ?? {})) {
    const theirs = (official.properties ?? {})[name];
    if (!theirs) {
      if (official.additionalProperties === true || (official.type === 'object' && !official.properties))
        ctx.notes.push(`${where}.${name}: free-form in the official schema`);
      else ctx.errors.push(`${where}.${name}: no such property in the official schema`);
      continue;
    }
    compare(ctx, sub, theirs, `${where}.${name}`);
  }
  if (ours.items && official.items) compare(ctx, ours.items, official.items, `${where}[]`);
  ctx.checked++;
}

function jsonSchemaOf(doc, holder) {
  const resolved = holder?.$ref ? pointer(doc, holder.$ref) : holder;
  return resolved?.content?.['application/json']?.schema ?? resolved?.content?.['application/problem+json']?.schema;
}

function checkPair({ subset, official }) {
  const ours = load(subset);
  const doc = load(official);
  const fixed = correctKnownDefects(doc);
  const ctx = { ours, official: doc, errors: [], notes: [], checked: 0 };
  if (fixed.count)
    ctx.notes.push(`corrected in the official document: ${[...fixed.names].join(', ')} (${fixed.count}×)`);
  const version = doc.info?.version;
  if (ours.source?.version && version && ours.source.version !== version)
    ctx.errors.push(`document version ${version}, our subset cites ${ours.source.version}`);
  for (const op of ours.operations) {
    const where = `${op.method} ${op.path}`;
    if (op.officialRequestBody) {
      const schema = jsonSchemaOf(doc, { $ref: op.officialRequestBody });
      if (!schema) ctx.errors.push(`${where}: ${op.officialRequestBody} not found`);
      else compare(ctx, op.requestBody, schema, `${where} body`);
      continue;
    }
    const pathItem = doc.paths?.[op.path];
    const operation = pathItem?.[op.method.toLowerCase()];
    if (!operation) {
      ctx.errors.push(`${where}: no such operation in the official document`);
      continue;
    }
    const params = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
      p.$ref ? pointer(doc, p.$ref) : p,
    );
    for (const [name, schema] of Object.entries(op.pathParams ?? {})) {
      const param = params.find((p) => p.in === 'path' && p.name === name);
      if (!param) ctx.errors.push(`${where}: path parameter ${name} not in the official document`);
      else compare(ctx, schema, param.schema, `${where} {${name}}`);
    }
    for (const [name, schema] of Object.entries(op.headers ?? {})) {
      const param = params.find((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());
      if (!param) ctx.errors.push(`${where}: header ${name} not in the official document`);
      else compare(ctx, schema, param.schema, `${where} header ${name}`);
    }
    if (op.requestBody) {
      const schema = jsonSchemaOf(doc, operation.requestBody);
      if (!schema) ctx.errors.push(`${where}: the official operation has no JSON request body`);
      else compare(ctx, op.requestBody, schema, `${where} body`);
    }
    for (const [status, schema] of Object.entries(op.responses ?? {})) {
      const response = operation.responses?.[status];
      if (!response) {
        ctx.errors.push(`${where}: response ${status} not documented`);
        continue;
      }
      const official = jsonSchemaOf(doc, response);
      if (!official) ctx.errors.push(`${where}: response ${status} has no JSON schema`);
      else compare(ctx, schema, official, `${where} → ${status}`);
    }
  }
  return { ...ctx, subset, official, version, official_doc: doc };
}

let failed = false;
const { pairs, bodies } = args(process.argv.slice(2));
const loaded = [];
for (const pair of pairs) {
  const result = checkPair(pair);
  loaded.push({ name: `${result.official} ${result.version}`, doc: result.official_doc });
  console.log(
    `${result.subset} vs ${result.official} (official version ${result.version}): ${result.checked} schema nodes, ${result.errors.length} errors, ${result.notes.length} notes`,
  );
  for (const e of result.errors) console.log(`  ERROR ${e}`);
  for (const n of result.notes) console.log(`  note  ${n}`);
  if (result.errors.length) failed = true;
}
if (bodies) {
  const { bodies: sent, violations } = await sentBodies();
  const results = checkBodies(sent, loaded);
  const checked = results.filter((r) => r.against);
  const errors = results.flatMap((r) => r.errors.map((e) => `${r.where}: ${e}`));
  console.log(
    `request bodies our adapters send: ${sent.length} (${checked.length} against an official document, ${errors.length} errors; every one against our subsets: ${violations.length} violations)`,
  );
  if (!loaded.length)
    console.log('  note  no official document given (--docs / PROVIDER_DOCS): checked against our subsets only');
  for (const r of results)
    console.log(
      `  ${r.errors.length ? 'ERROR' : 'ok   '} ${r.where}${r.against ? ` → ${r.against}` : ' (no official document: our subset)'}`,
    );
  for (const e of [...errors, ...violations]) console.log(`  ERROR ${e}`);
  if (errors.length || violations.length) failed = true;
}
process.exit(failed ? 1 : 0);
