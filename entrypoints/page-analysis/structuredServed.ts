// Structured data of the HTML as served (before any script ran): read from the same read of the
// document that finds the cut and the served signals (pageRead.ts) — the cut found as Googlebot
// finds it (the response's header bytes, the user's limit), every item placed at its byte;
// microdata and RDFa through the browser's parser. The answer is one string (packExtract): the
// popup unpacks it.
import { packExtract, type PackedExtract } from '../../lib/structured';
import { readPage } from './pageRead';

export async function structuredServed({ headerBytes, limit }: { headerBytes: number; limit: number }): Promise<PackedExtract> {
  const got = await readPage(location.href.split('#')[0]!, headerBytes, limit);
  return packExtract(got.structured());
}
