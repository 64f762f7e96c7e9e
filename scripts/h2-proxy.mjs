// An HTTP/2 (TLS) front for the local runtime, as Cloudflare's edge is in production: one connection carries
// every request, where workerd's own HTTPS listener speaks HTTP/1.1 only (Chromium then opens up to six
// connections, each with its TLS handshake, and Lighthouse's simulated slow network charges every handshake).
// HTTP/1.1 clients are still served (allowHTTP1). The certificate is a self-signed one made with openssl.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createSecureServer } from 'node:http2';

/** Hop-by-hop headers (RFC 9113 §8.2.2) that must not cross into an HTTP/2 response. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function certificate(dir, host) {
  mkdirSync(dir, { recursive: true });
  const key = `${dir}/key.pem`;
  const cert = `${dir}/cert.pem`;
  if (!existsSync(key) || !existsSync(cert)) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Serves https://<host>:`port` (HTTP/2, or HTTP/1.1 on request) by forwarding to http://127.0.0.1:`target`. */
export function startH2Proxy({ port, target, host, certDir }) {
  const server = createSecureServer({ ...certificate(certDir, host), allowHTTP1: true });
  server.on('request', (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers))
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = req.headers[':authority'] ?? req.headers.host;
    // This proxy stands for the edge's TLS termination, where the worker sees the https URL the browser used: the
    // local runtime takes the client's scheme from this header (workerd's forwardedProtoHeader), so the worker's URL,
    // its same-origin rule, Secure cookies and HSTS are as in production (and a production host is https only).
    headers['x-forwarded-proto'] = 'https';
    const upstream = request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  // A stream the browser resets (a cancelled prefetch) must not take the proxy down.
  server.on('sessionError', () => {});
  server.on('streamError', () => {});
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ close: () => new Promise((done) => server.close(() => done())) }));
  });
}
