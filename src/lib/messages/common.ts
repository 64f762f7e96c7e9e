/**
 * Texts every domain shows (pt-BR, byte for byte as the spec and the tests word them). Each text lives in one
 * catalogue under src/lib/messages/; the one-place lint rule flags a copy of it anywhere else.
 */
export const COMMON_MESSAGES = {
  /** Spec §8's title of the stock and shipping notices. */
  attention: 'Atenção!',
  /** A failure with no words of its own: the server's 500 body, the pages and the islands' fallback. */
  retry: 'Tivemos um problema. Tente novamente em instantes.',
  invalidData: 'Dados inválidos. Verifique e tente novamente.',
  unavailable: 'O serviço da loja está indisponível. Tente novamente.',
} as const;
