// A generated site shaped like a real one, for the site check's bench: a sitemap of n pages,
// most of them 20–200 kB of ordinary HTML (head signals, inline script and style, paragraphs,
// links), one in 32 over 2 MB, every other page sent gzip. Served from 127.0.0.1; bodies are
// built and compressed once, so the server costs little of the CPU the bench measures.
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';

const NORMAL = 20;
const BIG_SIZES = [2_200_000, 2_600_000, 3_100_000];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function page(size: number, seed: number): Buffer {
  const r = rng(seed);
  const words = ['shoes', 'winter', 'wool', 'lined', 'price', 'delivery', 'size', 'colour', 'review', 'stock', 'order', 'return'];
  const sentence = () => Array.from({ length: 8 + Math.floor(r() * 12) }, () => words[Math.floor(r() * words.length)]).join(' ') + '.';
  const head =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Product ${seed} — Shop</title>` +
    `<meta name="viewport" content="width=device-width"><meta name="description" content="${sentence()}">` +
    `<meta name="robots" content="index, follow"><link rel="canonical" href="/p/${seed}.html">` +
    `<link rel="alternate" hreflang="de" href="/de/p/${seed}.html"><style>${'.c{margin:0;padding:1px}'.repeat(40)}</style>` +
    `<script>window.__STATE__=${JSON.stringify({ id: seed, tags: words })};</script></head><body><header><nav>` +
    Array.from({ length: 20 }, (_, i) => `<a href="/c/${i}.html">Category ${i}</a>`).join('') +
    `</nav></header><main><h1>Product ${seed}</h1>`;
  const parts = [head];
  let n = head.length;
  const tail = '</main><footer><p>© Shop</p></footer></body></html>';
  while (n < size - tail.length - 400) {
    const block =
      r() < 0.2
        ? `<div class="card"><img src="/i/${Math.floor(r() * 1e6)}.jpg" alt="${sentence()}"><a href="/p/${Math.floor(r() * 1e5)}.html">${sentence()}</a></div>\n`
        : r() < 0.1
          ? `<script>track(${JSON.stringify(sentence())});</script>\n`
          : `<p>${sentence()} ${sentence()} <b>${sentence()}</b> ${sentence()}</p>\n`;
    parts.push(block);
    n += block.length;
  }
  parts.push(tail);
  return Buffer.from(parts.join(''));
}

export interface RealSite {
  origin: string;
  /** Uncompressed bytes of the first n pages. */
  bytesOf(n: number): number;
  close(): Promise<void>;
}

export async function startRealSite(): Promise<RealSite> {
  const r = rng(42);
  const normal = Array.from({ length: NORMAL }, (_, i) => page(Math.round(20_000 * 10 ** r()), i));
  const big = BIG_SIZES.map((s, i) => page(s, 100 + i));
  const bodyOf = (i: number) => (i % 32 === 7 ? big[(i >> 5) % big.length]! : normal[i % NORMAL]!);
  const gz = new Map<Buffer, Buffer>();
  for (const b of [...normal, ...big]) gz.set(b, zlib.gzipSync(b, { level: 6 }));
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/robots.txt') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end('User-agent: *\nAllow: /\n');
    }
    if (u.pathname === '/sitemap.xml') {
      const n = Number(u.searchParams.get('n') ?? '1000');
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
      for (let i = 0; i < n; i++) res.write(`<url><loc>http://${req.headers.host}/p/${i}.html</loc></url>\n`);
      return res.end('</urlset>\n');
    }
    const m = /^\/p\/(\d+)\.html$/.exec(u.pathname);
    if (!m) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('not found');
    }
    const i = Number(m[1]);
    const body = bodyOf(i);
    const gzip = i % 2 === 1 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const sent = gzip ? gz.get(body)! : body;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(sent.length), ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
    res.end(sent);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    bytesOf: (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += bodyOf(i).length;
      return s;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
