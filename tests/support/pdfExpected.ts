// What both browser suites expect of a demo PDF tab (routes/bytes.mjs): every figure and text the
// popup and its JSON export must show, computed from the route's own bytes and locales/en.yml.
import { headerBytesOf, pdfHeaders, PDF_SMALL } from '../fixtures/demo-site/routes/bytes.mjs';
import { en, enPercent } from './en';

export const PDF_LIMIT = 67_108_864;

export function pdfExpected(size: number) {
  const headerBytes = headerBytesOf(pdfHeaders(size));
  const total = headerBytes + size;
  const over = total > PDF_LIMIT;
  return {
    path: size === PDF_SMALL ? '/bytes/3mb.pdf' : '/bytes/70mb.pdf',
    headerBytes,
    total,
    over,
    /** Body bytes Googlebot keeps. */
    kept: over ? PDF_LIMIT - headerBytes : size,
    text: {
      size: en('response.bytes', [size]),
      body: en('bytes.bodyValue', [size]),
      limit: en('bytes.limitPdf', [PDF_LIMIT]),
      verdict: over ? en('bytes.over', [total - PDF_LIMIT]) : en('bytes.within', [PDF_LIMIT - total]),
      summary: over ? en('summary.bytesOver', [total, PDF_LIMIT, enPercent(total / PDF_LIMIT), PDF_LIMIT]) : en('summary.bytesWithin', [total, PDF_LIMIT, enPercent(total / PDF_LIMIT)]),
      /** The verdict's reason when over, else none. */
      cutReason: over ? en('indexability.reason.cutByLimit', [total, PDF_LIMIT, PDF_LIMIT]) : null,
      read: en('bytes.read.viewer', [size]),
    },
    verdict: over ? 'at-risk' : 'indexable',
    /** The export's byte block: the same object the screen shows. */
    json: { headerBytes, bodyBytes: size, limit: PDF_LIMIT, truncated: over, cutOffset: over ? PDF_LIMIT : null, lost: [] },
    cutCode: over ? 'bytes.cut.truncated' : 'bytes.cut.within',
  };
}
