// `npm start`: build the client, migrate + seed the local D1, serve on http://127.0.0.1:8787.
import { checkCommerceApiUrl } from './config-check.mjs';
import { dbSetup } from './db-setup.mjs';
import { log, PRODUCTION_DEFINE, run, start } from './lib.mjs';

const port = process.env.PORT ?? '8787';
log('building client bundle');
run('node', ['scripts/build-client.mjs']);
await dbSetup();
checkCommerceApiUrl();
log(`starting wrangler dev on http://127.0.0.1:${port}`);
// Locally, miniflare gzips HTML and holds it until the end; identity encoding keeps SSR streaming visible.
const child = start('wrangler', ['dev', ...PRODUCTION_DEFINE, '--ip', '127.0.0.1', '--port', port, '--var', 'STREAM_IDENTITY:1', '--show-interactive-dev-session=false']);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
