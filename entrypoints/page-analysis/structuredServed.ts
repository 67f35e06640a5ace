// Structured data of the HTML as served (before any script ran): read from the same read of the
// document that finds the cut and the served signals (pageRead.ts) — the cut found as Googlebot
// finds it (the response's header bytes, the user's limit), every item placed at its byte;
// microdata and RDFa through the browser's parser.
import type { SdExtract } from '../../lib/structured';
import { readPage } from './pageRead';

export async function structuredServed({ headerBytes, limit }: { headerBytes: number; limit: number }): Promise<SdExtract> {
  const got = await readPage(location.href.split('#')[0]!, headerBytes, limit);
  return got.structured();
}
