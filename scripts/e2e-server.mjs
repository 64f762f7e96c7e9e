// The e2e web server: `wrangler dev` with the given arguments, restarted whenever it exits.
// wrangler dev 4.124 sometimes exits when a client aborts an in-flight response
// (cloudflare/workers-sdk#15317, #15451); without this, one such exit failed every later test of the run.
// Playwright starts this script and stops it (SIGTERM) at the end.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
let child = null;
let stopping = false;
let restarts = 0;

// wrangler stays in this script's process group: Playwright stops the web server by killing that group,
// so no wrangler or workerd outlives the run. After a crash the port frees with workerd; until it does, a
// restart fails to bind and is simply tried again.
function startServer() {
  child = spawn('wrangler', ['dev', ...args], { stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => {
    if (stopping) process.exit(0);
    restarts += 1;
    console.error(`[e2e-server] wrangler dev exited (${code ?? signal}); restart #${restarts}`);
    setTimeout(startServer, 1000);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    child?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
startServer();
