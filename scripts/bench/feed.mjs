// `npm run bench` step: the Google Merchant Center feed (/feeds/google.xml and .tsv) on the seeded catalogue. Reports,
// per request: time to the first byte and to the last, bytes, chunks and items received (a streamed answer arrives in
// many chunks, the first long before the last), workerd's CPU time over the request (/proc: user + system; it includes
// the local D1's SQLite, which in production runs outside the Worker's CPU budget, so it is an upper bound) and
// workerd's resident memory before and at its peak during the request (sampled every 20 ms). The first request
// renders (a miss, plus the copy stored in the background); the second is answered from the edge cache.
import { request } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';

const TICK_MS = 10; // USER_HZ is 100 on Linux

async function workerdPid(port) {
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes('workerd') && cmd.includes(`entry=127.0.0.1:${port}`)) return pid;
  }
  return null;
}

async function cpuMs(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
}

async function rssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** One GET on the production host name (the feed is 404 elsewhere), read to the end. */
function fetchFeed(base, path) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { headers: { host: 'www.vitrine.com.br', 'accept-encoding': 'identity' } },
      (res) => {
        let first = null;
        let bytes = 0;
        let chunks = 0;
        let items = 0;
        let tail = '';
        const marker = path.endsWith('.xml') ? '</item>' : '\n';
        res.on('data', (chunk) => {
          first ??= performance.now() - started;
          bytes += chunk.length;
          chunks++;
          const text = tail + chunk.toString('utf8');
          items += text.split(marker).length - 1;
          tail = text.slice(-(marker.length - 1) || text.length);
          if (marker.length === 1) tail = '';
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            cache: res.headers['x-edge-cache'],
            firstMs: first,
            totalMs: performance.now() - started,
            bytes,
            chunks,
            items: marker === '\n' ? items - 1 : items,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function feedBench(base, port, products) {
  const pid = await workerdPid(port);
  const rows = [];
  for (const path of ['/feeds/google.xml', '/feeds/google.xml', '/feeds/google.tsv']) {
    const before = pid ? await rssMiB(pid) : 0;
    let peak = before;
    const sampler = setInterval(async () => {
      if (pid) peak = Math.max(peak, await rssMiB(pid));
    }, 20);
    const cpuBefore = pid ? await cpuMs(pid) : 0;
    const result = await fetchFeed(base, path);
    // The miss stores its copy after answering (waitUntil): let it finish before the next request.
    await new Promise((r) => setTimeout(r, 1500));
    clearInterval(sampler);
    rows.push({
      path,
      ...result,
      cpuMs: pid ? (await cpuMs(pid)) - cpuBefore : null,
      rssBefore: before,
      rssPeak: peak,
    });
  }
  console.log(
    `\nMerchant Center feed with ${products} products (workerd CPU includes the local D1; Workers limit: 30 s CPU by default on the paid plan)`,
  );
  console.log(
    '  path                 cache  status  first byte    last byte       bytes  chunks   items  workerd CPU  RSS before → peak',
  );
  for (const r of rows) {
    const mib = (n) => `${n.toFixed(0)} MiB`;
    console.log(
      `  ${r.path.padEnd(20)} ${String(r.cache).padEnd(6)} ${String(r.status).padStart(6)}  ${`${r.firstMs?.toFixed(0)} ms`.padStart(10)}  ${`${r.totalMs.toFixed(0)} ms`.padStart(11)}  ${String(r.bytes).padStart(10)}  ${String(r.chunks).padStart(6)}  ${String(r.items).padStart(6)}  ${r.cpuMs === null ? '—' : `${r.cpuMs} ms`.padStart(11)}  ${mib(r.rssBefore)} → ${mib(r.rssPeak)}`,
    );
  }
  return rows;
}
