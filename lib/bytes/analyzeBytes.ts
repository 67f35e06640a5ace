import type { MessageParam } from '../i18n';
import { findCutoff, type Cutoff, type CutoffInput } from './findCutoff';
import { createByteMapper } from './createByteMapper';
import { HtmlScanner } from './HtmlScanner';
import { isTextMediaType } from './isTextMediaType';
import type { BreakdownCategory, CutContextKind, FoundItem, ItemKind, ItemStatus } from './scanTypes';
import { decodeText } from '../core';

export interface AnalyzeInput extends CutoffInput {
  /** Media type of the response ("text/html"); only HTML is scanned for elements. */
  mediaType?: string | null;
}

export interface AnalyzeOptions {
  /** Called between slices of the document so the caller can yield to its event loop. */
  pause?: () => Promise<void>;
  /** Aborts the analysis between slices (e.g. after a timeout). */
  signal?: AbortSignal;
  /** Characters per slice (default 1,048,576). */
  sliceChars?: number;
  /** Hears the decoded text of a textual body (so a caller that needs it does not decode it again). */
  onText?: (text: string) => void;
}

/** An element with its position: byte offsets in the body, and in the response (headers first). */
export interface PlacedItem {
  kind: ItemKind;
  status: ItemStatus;
  tag: string;
  ordinal: number;
  id: string | null;
  detail: string;
  line: number;
  bodyOffset: number;
  responseOffset: number;
  bodyEnd: number;
}

export interface Finding {
  code: string;
  params: MessageParam[];
}

export interface BreakdownRow {
  category: BreakdownCategory | 'whitespace' | 'rest';
  bytes: number;
  count: number;
  /** The biggest single piece of this category. */
  largest: { bytes: number; bodyOffset: number; label: string } | null;
}

export interface BytesReport {
  cutoff: Cutoff;
  isHtml: boolean;
  /** False only for stateful charsets (ISO-2022-JP): byte offsets there are estimates. */
  offsetsExact: boolean;
  textLength: number;
  /** Title, meta robots, description, canonical, hreflang, JSON-LD, microdata/RDFa roots and headings, kept or not (capped). */
  items: PlacedItem[];
  links: { total: number; lost: number; firstLost: PlacedItem[] };
  headings: { total: number; lost: number };
  visibleText: { totalChars: number; lostChars: number };
  /** What the losses mean, most important first. */
  findings: Finding[];
  breakdown: { rows: BreakdownRow[]; fix: Finding | null };
  firstPastCut: (Omit<PlacedItem, 'kind' | 'status' | 'detail' | 'bodyEnd'> & { className: string | null }) | null;
  cutContext: { kind: CutContextKind; tag: string | null; bodyOffset: number };
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const ABORTED = 'bytes.error.timeout';

const FIX_CODE: Record<BreakdownRow['category'], string> = {
  inlineScript: 'bytes.fix.inlineScript',
  jsonData: 'bytes.fix.jsonData',
  inlineStyle: 'bytes.fix.inlineStyle',
  dataUri: 'bytes.fix.dataUri',
  inlineSvg: 'bytes.fix.inlineSvg',
  comments: 'bytes.fix.comments',
  whitespace: 'bytes.fix.whitespace',
  rest: 'bytes.fix.rest',
};

/**
 * The whole byte-budget analysis of one response: where the cut falls, which elements Googlebot
 * never reads (with byte offsets), and where the bytes of the HTML go.
 */
export async function analyzeBytes(input: AnalyzeInput, opts: AnalyzeOptions = {}): Promise<BytesReport> {
  const textual = isTextMediaType(input.mediaType);
  const { body } = input;
  const cutoff = findCutoff({ ...input, wholeCharacters: textual });
  const cs = cutoff.charset;
  // A binary body (a PDF) is measured and cut at the byte; it is never decoded as text. The text
  // is decoded once (findCutoff counts the cut's character index from the bytes where that is exact).
  const text = textual ? decodeText(body, cs.encoding) : '';
  const isHtml = input.mediaType == null || HTML_TYPES.has(input.mediaType);
  const check = () => {
    if (opts.signal?.aborted) throw new Error(ABORTED);
  };
  if (textual) opts.onText?.(text);
  check();
  const base: BytesReport = {
    cutoff,
    isHtml,
    offsetsExact: true,
    textLength: text.length,
    items: [],
    links: { total: 0, lost: 0, firstLost: [] },
    headings: { total: 0, lost: 0 },
    visibleText: { totalChars: 0, lostChars: 0 },
    findings: [],
    breakdown: { rows: [], fix: null },
    firstPastCut: null,
    cutContext: { kind: 'none', tag: null, bodyOffset: cutoff.bodyBytesKept },
  };
  if (!isHtml) return base;

  const cut = cutoff.truncated ? cutoff.charIndex : text.length;
  const scanner = new HtmlScanner(text, cut);
  const slice = opts.sliceChars ?? 1_048_576;
  while (!scanner.run(scanner.position + slice)) {
    if (opts.pause) await opts.pause();
    check();
  }
  const scan = scanner.result();
  check();

  // Map every offset we report to bytes, in increasing order (the mappers are cursors).
  const offsets = new Set<number>();
  const allItems = [...scan.items, ...scan.links.firstLost];
  for (const it of allItems) {
    offsets.add(it.start);
    offsets.add(it.end);
  }
  const cats = Object.keys(scan.ranges) as BreakdownCategory[];
  for (const c of cats) for (const r of scan.ranges[c]) {
    offsets.add(r.start);
    offsets.add(r.end);
  }
  if (scan.firstPastCut) offsets.add(scan.firstPastCut.start);
  offsets.add(scan.cutContext.start);
  const sorted = [...offsets].sort((a, b) => a - b);
  const mapper = createByteMapper(body, text, cs);
  const byteOf = new Map<number, number>();
  for (const o of sorted) byteOf.set(o, mapper.byteAt(o));
  const b = (o: number) => byteOf.get(o)!;
  const H = cutoff.headerBytes;
  const place = (it: FoundItem): PlacedItem => ({
    kind: it.kind,
    status: it.status,
    tag: it.tag,
    ordinal: it.ordinal,
    id: it.id,
    detail: it.detail,
    line: it.line,
    bodyOffset: b(it.start),
    responseOffset: H + b(it.start),
    bodyEnd: b(it.end),
  });

  const items = scan.items.map(place).sort((x, y) => x.bodyOffset - y.bodyOffset);
  const rows: BreakdownRow[] = cats.map((category) => {
    let bytes = 0;
    let largest: BreakdownRow['largest'] = null;
    for (const r of scan.ranges[category]) {
      const n = b(r.end) - b(r.start);
      bytes += n;
      if (!largest || n > largest.bytes) largest = { bytes: n, bodyOffset: b(r.start), label: r.label };
    }
    return { category, bytes, count: scan.ranges[category].length, largest };
  });
  const unit = cs.kind === 'utf-16le' || cs.kind === 'utf-16be' ? 2 : 1;
  rows.push({ category: 'whitespace', bytes: scan.collapsibleWhitespace * unit, count: 0, largest: null });
  const counted = rows.reduce((s, r) => s + r.bytes, 0);
  rows.push({ category: 'rest', bytes: Math.max(0, body.length - counted), count: 0, largest: null });
  rows.sort((x, y) => y.bytes - x.bytes);
  const top = rows[0]!;
  const fix: Finding | null =
    top.bytes === 0
      ? null
      : { code: FIX_CODE[top.category], params: [top.bytes, top.largest?.bytes ?? top.bytes, top.largest?.bodyOffset ?? 0, top.largest?.label ?? '', top.count] };

  return {
    ...base,
    offsetsExact: mapper.exact,
    items,
    links: { total: scan.links.total, lost: scan.links.lost, firstLost: scan.links.firstLost.map(place) },
    headings: scan.headings,
    visibleText: { totalChars: scan.visibleText.total, lostChars: scan.visibleText.lost },
    findings: findingsOf(cutoff, items, scan.links, scan.headings, scan.visibleText),
    breakdown: { rows, fix },
    firstPastCut: scan.firstPastCut
      ? {
          tag: scan.firstPastCut.tag,
          ordinal: scan.firstPastCut.ordinal,
          id: scan.firstPastCut.id,
          className: scan.firstPastCut.className,
          line: scan.firstPastCut.line,
          bodyOffset: b(scan.firstPastCut.start),
          responseOffset: H + b(scan.firstPastCut.start),
        }
      : null,
    cutContext: { kind: scan.cutContext.kind, tag: scan.cutContext.tag, bodyOffset: b(scan.cutContext.start) },
  };
}

const ORDER: ItemKind[] = ['metaRobots', 'canonical', 'title', 'jsonLd', 'hreflang', 'metaDescription', 'microdata', 'rdfa', 'heading'];

function findingsOf(
  cutoff: Cutoff,
  items: PlacedItem[],
  links: { total: number; lost: number },
  headings: { total: number; lost: number },
  text: { total: number; lost: number },
): Finding[] {
  if (!cutoff.truncated) return [];
  const out: Finding[] = [];
  for (const kind of ORDER) {
    if (kind === 'heading') continue;
    const lost = items.filter((i) => i.kind === kind && i.status === 'lost');
    const cut = items.filter((i) => i.kind === kind && i.status === 'cut');
    if (lost.length > 0) out.push({ code: `bytes.lost.${kind}`, params: [lost.length, lost[0]!.responseOffset, lost[0]!.detail] });
    if (cut.length > 0) out.push({ code: `bytes.cutInHalf.${kind}`, params: [cut.length, cut[0]!.responseOffset, cut[0]!.detail] });
  }
  if (headings.lost > 0) out.push({ code: 'bytes.lost.headings', params: [headings.lost, headings.total] });
  if (links.lost > 0) out.push({ code: 'bytes.lost.links', params: [links.lost, links.total] });
  if (text.total > 0 && text.lost > 0) out.push({ code: 'bytes.lost.text', params: [Math.round((text.lost / text.total) * 1000) / 10] });
  return out;
}
