import type { Rule } from 'eslint';

/** The rule's module (JavaScript: ESLint loads it as is); typed for the unit test. */
declare const rule: Rule.RuleModule;
export default rule;
