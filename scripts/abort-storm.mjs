// `node scripts/abort-storm.mjs http://127.0.0.1:8787 [rounds=50]`: 20 parallel requests a round to pages and APIs of a
// running server, most of them abandoned by the client after the first chunk or sooner — what a closing tab or an
// aborted prefetch does. Prints how many were answered, aborted and refused, and whether the server still answers.
// Used to compare runtimes (ADR 0021). Loopback only.
const [base = 'http://127.0.0.1:8787', rounds = '50'] = process.argv.slice(2);
if (!/^https?:\/\/(127\.|localhost|\[::1\])/.test(base)) throw new Error('loopback addresses only');
const paths = ['/', '/moda-praia', '/sacola', '/api/live-menus', '/busca?q=a', '/api/search?q=biquini'];
let aborted = 0;
let answered = 0;
let refused = 0;
const started = Date.now();
for (let round = 0; round < Number(rounds); round++) {
  await Promise.all(
    Array.from({ length: 20 }, (_, i) => {
      const controller = new AbortController();
      if (Math.random() < 0.3) setTimeout(() => controller.abort(), Math.random() * 20);
      return fetch(base + paths[(round * 20 + i) % paths.length], { signal: controller.signal })
        .then(async (res) => {
          const reader = res.body.getReader();
          await reader.read();
          if (Math.random() < 0.7) {
            controller.abort();
            aborted++;
          } else {
            while (!(await reader.read()).done);
            answered++;
          }
        })
        .catch((error) => (error.name === 'AbortError' ? aborted++ : refused++));
    }),
  );
}
const alive = await fetch(`${base}/robots.txt`).then(
  (r) => r.status,
  (e) => `down (${e.cause?.code ?? e.message})`,
);
console.log(JSON.stringify({ ms: Date.now() - started, answered, aborted, refused, afterwards: alive }));
