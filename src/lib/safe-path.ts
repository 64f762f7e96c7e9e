/** Only same-site paths are followed after login (no open redirect, no header injection). */
export function safePath(target: string | null | undefined, fallback = '/minha-conta'): string {
  return target && /^\/(?![/\\])/.test(target) && !/[\r\n]/.test(target) ? target : fallback;
}
