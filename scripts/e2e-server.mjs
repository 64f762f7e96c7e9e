// The e2e web server: `wrangler dev` with the given arguments, restarted whenever it exits.
// wrangler dev 4.124 sometimes exits when a client aborts an in-flight response
// (cloudflare/workers-sdk#15317, #15451); without this, one such exit failed every later test of the run.
// Playwright starts this script and stops it (SIGTERM) at the end.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
let child = null;
let stopping = false;
let restarts = 0;

/** wrangler runs as a process group (its CLI and workerd): kill all of it, so the port is free again. */
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

function startServer() {
  const current = spawn('wrangler', ['dev', ...args], { stdio: 'inherit', env: process.env, detached: true });
  child = current;
  current.on('exit', (code, signal) => {
    killGroup(current.pid, 'SIGKILL');
    if (stopping) process.exit(0);
    restarts += 1;
    console.error(`[e2e-server] wrangler dev exited (${code ?? signal}); restart #${restarts}`);
    setTimeout(startServer, 1000);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (child) killGroup(child.pid, 'SIGTERM');
    setTimeout(() => {
      if (child) killGroup(child.pid, 'SIGKILL');
      process.exit(0);
    }, 3000).unref();
  });
}
startServer();
