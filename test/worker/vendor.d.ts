// The schema.org vocabulary file, read as text by Vite (test/worker/schema-org.ts).
declare module '*.nq?raw' {
  const text: string;
  export default text;
}

// @adobe/structured-data-validator ships no types: the part test/worker/product-json-ld.test.ts uses.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson: unknown);
    validate(data: { jsonld: Record<string, unknown[]> }): Promise<unknown[]>;
  }
}
