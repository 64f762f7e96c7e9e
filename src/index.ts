import { createApp } from './app';
import type { Bindings } from './env';
import { serveImage } from './images/bucket';
import { scheduled } from './scheduled';

const app = createApp();

export default {
  fetch(request, env, ctx) {
    // Only `npm start`'s local runtime binds DEV_IMAGES (scripts/serve.mjs --images-on-demand): it renders a seed
    // picture the first time it is asked for. Static assets answer every image that exists before this runs.
    if ((env.IMAGES || env.DEV_IMAGES) && new URL(request.url).pathname.startsWith('/images/'))
      return image(request, env);
    return app.fetch(request, env, ctx);
  },
  scheduled,
} satisfies ExportedHandler<Bindings>;

/**
 * A catalog past the 20,000 static asset files keeps its pictures in R2 (ADR 0022); unbound, assets answer. The local
 * runtime binds both: uploaded photos live in its bucket, and a seed picture the bucket lacks is rendered on demand.
 */
async function image(request: Request, env: Bindings): Promise<Response> {
  if (!env.IMAGES) return env.DEV_IMAGES!.fetch(request);
  const stored = await serveImage(request, env.IMAGES);
  if (stored.status !== 404 || !env.DEV_IMAGES) return stored;
  await stored.body?.cancel();
  return env.DEV_IMAGES.fetch(request);
}
