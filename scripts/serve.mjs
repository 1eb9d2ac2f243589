#!/usr/bin/env node
// A tiny static file server for the demo (no dependencies).
//
//   node scripts/serve.mjs [--root www] [--port 8080] [--host 127.0.0.1]
//
// --port 0 picks a free port. The first stdout line is always
// "serving <root> on http://<host>:<port>/" so tests can read the port.
//
// Text and wasm go out compressed when the request's Accept-Encoding allows
// it (brotli, else gzip; `Vary: Accept-Encoding`), so the bytes on the wire
// are those a static host with compression sends. Each file is compressed
// once per modification time and kept in memory. Bundle parts (.slc) are
// gzip inside already and go out as they are.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { resolve, extname, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.idx': 'application/octet-stream',
  '.slc': 'application/octet-stream', // bundle parts (gzip inside; inflated by the widget)
};

// What is worth compressing: text and wasm (indexes too: the demo's .idx
// files are uncompressed binary). Images and bundle parts are not.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt', '.ts', '.map', '.idx']);

const ENCODERS = {
  br: (buf) => brotliCompressSync(buf, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: buf.length },
  }),
  gzip: (buf) => gzipSync(buf, { level: 9 }),
};

/**
 * The encoding to answer with: brotli when accepted, else gzip, else none
 * (an encoding listed with q=0 is refused; `*` accepts both).
 */
function pickEncoding(header) {
  const accepted = new Map();
  for (const item of String(header ?? '').split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

const compressed = new Map(); // `${encoding} ${file}` → { mtimeMs, body }

async function compressedBody(file, info, encoding) {
  const key = `${encoding} ${file}`;
  const hit = compressed.get(key);
  if (hit && hit.mtimeMs === info.mtimeMs) return hit.body;
  const body = ENCODERS[encoding](await readFile(file));
  compressed.set(key, { mtimeMs: info.mtimeMs, body });
  return body;
}

function parseArgs(argv) {
  const opts = { root: 'www', port: 8080, host: '127.0.0.1' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--root': opts.root = value(); break;
      case '--port': opts.port = Number(value()); break;
      case '--host': opts.host = value(); break;
      case '-h':
      case '--help':
        console.log('usage: node scripts/serve.mjs [--root DIR] [--port N] [--host ADDR]');
        process.exit(0);
        break;
      default:
        console.error(`serve: unknown argument ${arg}`);
        process.exit(2);
    }
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) {
    console.error('serve: --port must be an integer 0..65535');
    process.exit(2);
  }
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const root = resolve(opts.root);

try {
  if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
} catch (err) {
  console.error(`serve: root ${root} is not a readable directory (${err.message})`);
  process.exit(1);
}

function send(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text + '\n');
}

// Maps a URL path to a file under root, or null when it would escape root.
function resolvePath(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = resolve(root, '.' + (decoded.startsWith('/') ? decoded : '/' + decoded));
  if (file !== root && !file.startsWith(root + sep)) return null;
  return file;
}

const server = createServer(async (req, res) => {
  const started = Date.now();
  res.on('finish', () => {
    if (process.env.SERVE_QUIET !== '1') {
      console.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`);
    }
  });
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return send(res, 405, 'method not allowed');
  }
  let pathname;
  try {
    pathname = new URL(req.url, 'http://localhost').pathname;
  } catch {
    return send(res, 400, 'bad request');
  }
  let file = resolvePath(pathname);
  if (!file) return send(res, 403, 'forbidden');
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      if (!pathname.endsWith('/')) {
        res.writeHead(301, { location: pathname + '/' });
        return res.end();
      }
      file = resolve(file, 'index.html');
      info = await stat(file);
    }
    if (!info.isFile()) return send(res, 404, 'not found');
    const ext = extname(file).toLowerCase();
    const headers = {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    const encoding = COMPRESSIBLE.has(ext) ? pickEncoding(req.headers['accept-encoding']) : null;
    if (COMPRESSIBLE.has(ext)) headers.vary = 'Accept-Encoding';
    if (encoding) {
      const body = await compressedBody(file, info, encoding);
      res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    res.writeHead(200, { ...headers, 'content-length': info.size });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  } catch {
    send(res, 404, 'not found');
  }
});

server.on('error', (err) => {
  console.error(`serve: ${err.message}`);
  process.exit(1);
});

server.listen(opts.port, opts.host, () => {
  const { port } = server.address();
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  console.log(`serving ${root} on http://${host}:${port}/`);
});

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
