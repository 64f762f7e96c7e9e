/**
 * The last CEP the shopper quoted (product page or cart), kept in localStorage so the next quote — and the
 * checkout's delivery step — starts from it. Read after hydration only: not in the server HTML.
 */
import { isCepDigits } from '../src/lib/customer/cep';

const CEP_KEY = 'vitrine:cep';

export function rememberCep(digits: string): void {
  try {
    localStorage.setItem(CEP_KEY, digits);
  } catch {
    // Private mode: remembering the CEP is a convenience only.
  }
}

export function rememberedCep(): string | null {
  try {
    const saved = localStorage.getItem(CEP_KEY);
    return saved && isCepDigits(saved) ? saved : null;
  } catch {
    return null;
  }
}
