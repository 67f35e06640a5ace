// A generated site for the crawl's bench: n pages /p/<i>.html, each linking its ten children in a
// tree (10i+1 … 10i+10, those below n), the first ten pages (navigation, as every page of a real
// site has) and two pages further on, with anchor text and about 30 kB of ordinary HTML; a sitemap
// of the same n pages. A crawl from /p/0.html finds every page; a sitemap check reads the same
// pages from the sitemap. Served from 127.0.0.1; the filler is built once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const FILLER = Array.from({ length: 120 }, (_, i) => `<p>Paragraph ${i} of ordinary text about winter shoes, wool lining, sizes and delivery times.</p>\n`).join('').repeat(2);

function page(i: number, n: number): string {
  const links: string[] = [];
  for (let k = 0; k < 10; k++) links.push(`<a href="/p/${k}.html">Section ${k}</a>`);
  for (let c = 10 * i + 1; c <= 10 * i + 10 && c < n; c++) links.push(`<a href="/p/${c}.html">Product ${c}</a>`);
  for (const j of [(i * 7 + 3) % n, (i * 13 + 5) % n]) links.push(`<a href="/p/${j}.html" rel="${j % 5 === 0 ? 'nofollow' : ''}">See also ${j}</a>`);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Product ${i} — Shop</title>` +
    `<meta name="description" content="Product ${i}"><link rel="canonical" href="/p/${i}.html"></head>` +
    `<body><header><nav>${links.slice(0, 10).join(' ')}</nav></header><main><h1>Product ${i}</h1>\n${FILLER}<ul>${links
      .slice(10)
      .map((l) => `<li>${l}</li>`)
      .join('')}</ul></main></body></html>\n`
  );
}

export interface CrawlSite {
  origin: string;
  close(): Promise<void>;
}

export async function startCrawlSite(n: number): Promise<CrawlSite> {
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/robots.txt') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end('User-agent: *\nAllow: /\n');
    }
    if (u.pathname === '/sitemap.xml') {
      const m = Math.min(n, Number(u.searchParams.get('n') ?? n));
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
      for (let i = 0; i < m; i++) res.write(`<url><loc>http://${req.headers.host}/p/${i}.html</loc></url>\n`);
      return res.end('</urlset>\n');
    }
    const m = /^\/p\/(\d+)\.html$/.exec(u.pathname);
    if (!m || Number(m[1]) >= n) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('not found');
    }
    const body = Buffer.from(page(Number(m[1]), n));
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length) });
    res.end(body);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
