/** The module (JavaScript: eslint.config.js loads it as is); typed for the unit test. */
export interface CatalogueText {
  /** The catalogue, from the repo root (src/lib/messages/cart.ts). */
  file: string;
  /** Its name in code (CART_MESSAGES.stock). */
  path: string;
  text: string;
}
export declare function catalogueTexts(root?: string): CatalogueText[];
export declare function messageEntries(root?: string): { selector: string; allow: string[]; message: string }[];
