import { createApp } from './app';
import type { Bindings } from './env';
import { scheduled } from './scheduled';

const app = createApp();

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Bindings>;
