import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from '@typescript-eslint/parser';

/**
 * Flags a lookup whose key is computed (`table[key]`, `key in table`) on an object that inherits from
 * Object.prototype: a module's or function's own object literal (`{…}`, `{} as …`, `Object.freeze({…})`,
 * `Object.fromEntries(…)`), also when the object is imported by name from another source file of this repo.
 * With a key from input, `table['constructor']` is a function, not "absent". Writes (`table[key] = v`) are not
 * lookups; lookups on parameters, properties and namespace imports are out of its reach (see ADR 0012).
 */
const INHERITING_FACTORIES = new Set(['fromEntries', 'freeze', 'assign']);

function unwrap(node) {
  let n = node;
  while (
    n &&
    (n.type === 'TSAsExpression' ||
      n.type === 'TSSatisfiesExpression' ||
      n.type === 'TSTypeAssertion' ||
      n.type === 'TSNonNullExpression')
  )
    n = n.expression;
  return n;
}

function inherits(init) {
  const n = unwrap(init);
  if (!n) return false;
  if (n.type === 'ObjectExpression') return true;
  if (
    n.type === 'CallExpression' &&
    n.callee.type === 'MemberExpression' &&
    n.callee.object.type === 'Identifier' &&
    n.callee.object.name === 'Object'
  ) {
    const name = n.callee.property.name;
    if (name === 'fromEntries') return true;
    if (INHERITING_FACTORIES.has(name)) return n.arguments.length > 0 && inherits(n.arguments[0]);
  }
  return false;
}

function findVariable(scope, name) {
  for (let s = scope; s; s = s.upper) {
    const v = s.set.get(name);
    if (v) return v;
  }
  return null;
}

/** Names a module exports as `const NAME = <object inheriting Object.prototype>`, per file (parsed once). */
const exportedTables = new Map();
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

function tablesOf(file) {
  let names = exportedTables.get(file);
  if (names) return names;
  names = new Set();
  try {
    const ast = parse(readFileSync(file, 'utf8'), { jsx: file.endsWith('x'), range: false, loc: false });
    for (const stmt of ast.body) {
      const decl = stmt.type === 'ExportNamedDeclaration' ? stmt.declaration : null;
      if (decl?.type !== 'VariableDeclaration') continue;
      for (const d of decl.declarations) if (d.id.type === 'Identifier' && inherits(d.init)) names.add(d.id.name);
    }
  } catch {
    // An unparsable file is reported by its own lint run.
  }
  exportedTables.set(file, names);
  return names;
}

function importedTable(def, filename) {
  const from = def.parent?.source?.value;
  if (typeof from !== 'string' || !from.startsWith('.') || def.node.type !== 'ImportSpecifier') return false;
  const base = resolve(dirname(filename), from);
  const file = EXTENSIONS.map((ext) => base + ext).find((f) => statSync(f, { throwIfNoEntry: false })?.isFile());
  const imported = def.node.imported.type === 'Identifier' ? def.node.imported.name : def.node.imported.value;
  return file !== undefined && tablesOf(file).has(imported);
}

const isConstantKey = (key) =>
  key.type === 'Literal' ||
  (key.type === 'TemplateLiteral' && key.expressions.length === 0) ||
  (key.type === 'UnaryExpression' && key.argument.type === 'Literal');

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'no computed-key lookup on an object literal (it inherits Object.prototype): use dict(), a Map or Object.hasOwn',
    },
    schema: [],
    messages: {
      lookup:
        "'{{name}}' is an object literal used as a dictionary: a key such as 'constructor' finds Object.prototype's. Build it with dict() (src/lib/security/dict.ts), use a Map, or check Object.hasOwn first.",
    },
  },
  create(context) {
    const source = context.sourceCode;
    function check(objectNode, reportNode) {
      const obj = unwrap(objectNode);
      if (!obj || obj.type !== 'Identifier') return;
      const variable = findVariable(source.getScope(reportNode), obj.name);
      if (!variable) return;
      const def = variable.defs[0];
      if (!def) return;
      const local =
        def.type === 'Variable' &&
        def.node.type === 'VariableDeclarator' &&
        def.node.id.type === 'Identifier' &&
        inherits(def.node.init);
      if (!local && !(def.type === 'ImportBinding' && importedTable(def, context.filename))) return;
      context.report({ node: reportNode, messageId: 'lookup', data: { name: obj.name } });
    }
    return {
      MemberExpression(node) {
        if (!node.computed || isConstantKey(node.property)) return;
        // Writing a key is not a lookup; reading one back is, and is reported there.
        if (node.parent.type === 'AssignmentExpression' && node.parent.left === node && node.parent.operator === '=')
          return;
        check(node.object, node);
      },
      BinaryExpression(node) {
        if (node.operator !== 'in' || isConstantKey(node.left)) return;
        check(node.right, node);
      },
    };
  },
};
