// Structured data of the HTML as served (before any script ran): the document's bytes read again
// (the copy the verdict's served-HTML read and the byte analysis share), the cut found as Googlebot
// finds it, every item placed at its byte; microdata and RDFa through the browser's parser. The
// answer is one string (packExtract): the popup unpacks it.
import { packExtract, structuredFromBytes, type PackedExtract } from '../../lib/structured';
import { sharedDocumentBytes } from './documentCopy';
import { domTreeOf } from './domTree';

export async function structuredServed({ headerBytes, limit }: { headerBytes: number; limit: number }): Promise<PackedExtract> {
  const url = location.href.split('#')[0]!;
  const copy = await sharedDocumentBytes(url);
  const { cutoff: _cutoff, ...extract } = structuredFromBytes({ body: copy.bytes, headerBytes, charset: document.characterSet || 'utf-8', limit, baseUrl: url, treeOf: domTreeOf });
  return packExtract(extract);
}
