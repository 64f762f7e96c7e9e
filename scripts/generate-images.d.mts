// Types of what TypeScript files import from generate-images.mjs (vitest.worker.config.ts binds the resizer, ADR 0032).
export function resizeRequest(request: Request): Promise<Response>;
