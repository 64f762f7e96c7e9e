// A rule written once lives in one module: each entry names an AST selector (ESLint's selector syntax, as in
// no-restricted-syntax) for a second copy of that rule, the files allowed to hold it, and where it lives instead.
// Unlike no-restricted-syntax, entries come from one list (eslint.config.js ONE_PLACE), each with its own allowed files.

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'A rule (a format, a table, a message) has exactly one implementation.' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            selector: { type: 'string' },
            allow: { type: 'array', items: { type: 'string' } },
            message: { type: 'string' },
          },
          required: ['selector', 'allow', 'message'],
          additionalProperties: false,
        },
      },
    ],
  },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const visitors = {};
    for (const entry of context.options[0] ?? []) {
      if (entry.allow.some((allowed) => file.endsWith(`/${allowed}`) || file === allowed)) continue;
      const previous = visitors[entry.selector];
      visitors[entry.selector] = (node) => {
        previous?.(node);
        context.report({ node, message: entry.message });
      };
    }
    return visitors;
  },
};
export default rule;
