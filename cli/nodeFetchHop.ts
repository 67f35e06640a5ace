// The HopFetcher of the command line (lib/crawl), for every request it makes as Googlebot:
// node:http / node:https directly, so the status line and the
// headers are exactly what the server sent (rawHeaders keeps names, order and case), and the body
// is decompressed here (gzip, deflate, br) as Googlebot's is.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { pipeline, Readable } from 'node:stream';
import type { Header } from '../lib/core';
import type { HopFetcher } from '../lib/crawl';

/** What Googlebot sends besides its User-Agent (no cookies, no Accept-Language). */
const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const ACCEPT_ENCODING = 'gzip, deflate, br';

function decoder(coding: string): NodeJS.ReadWriteStream | null {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** One request (GET unless said), redirects not followed. `agent` defaults to Node's keep-alive agents. */
export function nodeFetchHop(agents: { http?: http.Agent; https?: https.Agent } = {}): HopFetcher {
  return (url, { userAgent, signal, method = 'GET', headers: extra = [], body }) =>
    new Promise((resolve, reject) => {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return reject(new Error(`Not a URL: ${url}`));
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return reject(new Error(`Not an HTTP(S) URL: ${url}`));
      const mod = u.protocol === 'https:' ? https : http;
      const req = mod.request(
        u,
        {
          method,
          signal,
          agent: u.protocol === 'https:' ? agents.https : agents.http,
          headers: {
            Accept: ACCEPT,
            ...Object.fromEntries(extra.filter((h) => !/^(cookie|user-agent|accept-encoding|host|content-length)$/i.test(h.name)).map((h) => [h.name, h.value])),
            'User-Agent': userAgent,
            'Accept-Encoding': ACCEPT_ENCODING,
          },
        },
        (res) => {
          const headers: Header[] = [];
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.push({ name: res.rawHeaders[i]!, value: res.rawHeaders[i + 1]! });
          const statusLine = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage ?? ''}`.trimEnd();
          // Content-Encoding lists codings in the order applied: undo them last first.
          const codings = (res.headers['content-encoding'] ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity');
          const stages: NodeJS.ReadWriteStream[] = [];
          for (const c of codings.reverse()) {
            const d = decoder(c);
            if (!d) {
              stages.length = 0;
              break; // An unknown coding: the bytes are passed on as they came.
            }
            stages.push(d);
          }
          const out: Readable = stages.length
            ? (pipeline([res, ...stages] as unknown as [NodeJS.ReadableStream, NodeJS.ReadWriteStream], () => undefined) as unknown as Readable)
            : res;
          resolve({ status: res.statusCode ?? 0, statusLine, headers, body: Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>, ip: res.socket?.remoteAddress ?? null });
        },
      );
      req.on('error', reject);
      req.end(body !== undefined && method !== 'GET' && method !== 'HEAD' ? body : undefined);
    });
}
