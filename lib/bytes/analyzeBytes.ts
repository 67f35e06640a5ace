import type { MessageParam } from '../i18n';
import { HtmlReader, isHtml, resolveCharset, type HtmlSink } from '../html';
import { findCutoff, type Cutoff, type CutoffInput } from './findCutoff';
import { ByteBudget, type ByteBudgetDetail } from './ByteBudget';
import { isTextMediaType } from './isTextMediaType';
import { DEFAULT_LIMIT } from './limits';
import type { BreakdownCategory, CutContextKind, FoundItem, ItemKind, ItemStatus } from './scanTypes';

export interface AnalyzeInput extends CutoffInput {
  /** Media type of the response ("text/html"); only HTML is scanned for elements. */
  mediaType?: string | null;
}

export interface AnalyzeOptions {
  /** Called between slices of the body so the caller can yield to its event loop. */
  pause?: () => Promise<void>;
  /** Aborts the analysis between slices (e.g. after a timeout). */
  signal?: AbortSignal;
  /** Bytes per slice (default 1,048,576). */
  sliceBytes?: number;
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
  /** Characters of the decoded text (UTF-16 units; 0 for a body that is not text). */
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

export interface BytesReaderInput {
  /** Response header bytes (see countHeaderBytes). */
  headerBytes: number;
  /** The charset label the page is decoded with (a byte-order mark wins); null: the one a browser picks (Content-Type, <meta charset>). */
  charset: string | null;
  /** The Content-Type, for the charset when `charset` is null. */
  contentType?: string | null;
  /** Bytes Googlebot keeps, headers included (default 2,097,152). */
  limit?: number;
  /** Media type; only HTML is read for elements, only text backs off to a whole character. */
  mediaType?: string | null;
  /** Whether the body is HTML, when the caller decided (an unlabeled body sniffed); default: by `mediaType`. */
  html?: boolean;
  /** 'items': only the elements and their place (the site check), not the breakdown of the bytes. */
  detail?: ByteBudgetDetail;
  /** More readers of the same pass over the HTML: `kept` ones see the document Googlebot keeps (the served signals). */
  kept?: HtmlSink[];
  whole?: HtmlSink[];
  /** A reader of the whole document that takes only start tags, opens and closes: handed them by the byte budget (see ByteBudget's `rider`). */
  rider?: Pick<HtmlSink, 'startTag' | 'open' | 'close'>;
}

/**
 * The byte budget of one response, read as its body streams in (`write` each chunk as it
 * arrives, then `end`): where Googlebot's cut falls, which elements lie past it, where the
 * bytes go. HTML goes through lib/html's reader once — with any other readers of the same pass
 * (the served signals) — and is never held whole: memory is a piece of text, the open elements
 * and the facts kept. A text body that is not HTML is only decoded around the cut; a binary one
 * (a PDF) is only counted.
 */
export class BytesReader {
  private readonly reader: HtmlReader | null;
  private readonly budget: ByteBudget | null;
  private readonly limit: number;
  private readonly textual: boolean;
  readonly isHtml: boolean;
  private bytes = 0;

  constructor(private readonly input: BytesReaderInput) {
    this.limit = input.limit ?? DEFAULT_LIMIT;
    this.textual = isTextMediaType(input.mediaType);
    this.isHtml = input.html ?? isHtml(input.mediaType);
    const bodyLimit = Math.max(0, this.limit - input.headerBytes);
    if (!this.textual) {
      this.reader = null;
      this.budget = null;
      return;
    }
    if (this.isHtml) {
      const budget = new ByteBudget(() => (reader.cut?.truncated ? reader.cut.kept : Infinity), input.detail ?? 'full', input.rider ?? null);
      this.budget = budget;
      const reader: HtmlReader = new HtmlReader(
        { whole: [budget, ...(input.whole ?? [])], kept: [...(input.detail === 'items' ? [] : [budget.keptText()]), ...(input.kept ?? [])] },
        { charset: input.charset, contentType: input.contentType, bodyLimit },
      );
      this.reader = reader;
    } else {
      this.budget = null;
      this.reader = new HtmlReader({}, { charset: input.charset, contentType: input.contentType, bodyLimit, tokenize: false });
    }
  }

  write(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    this.reader?.write(chunk);
  }

  /** The body ended (or reading it stopped): `totalBodyBytes`, when more was counted than written. */
  end(totalBodyBytes?: number): BytesReport {
    this.reader?.end();
    return this.report(totalBodyBytes);
  }

  /** The cut as findCutoff gives it, from what was read. */
  private cutoff(totalBodyBytes?: number): Cutoff {
    const { headerBytes } = this.input;
    const limit = this.limit;
    const read = this.bytes;
    const bodyBytes = Math.max(read, totalBodyBytes ?? 0);
    const totalBytes = headerBytes + bodyBytes;
    const truncated = totalBytes > limit;
    const bodyLimit = Math.min(read, bodyBytes, Math.max(0, limit - headerBytes));
    const r = this.reader;
    const cs = r?.charset ?? resolveCharset(this.input.charset ?? 'windows-1252', new Uint8Array(0));
    let kept = bodyLimit;
    let charIndex = 0;
    if (r && r.cut?.truncated) {
      kept = r.cut.kept;
      charIndex = r.charsAtCut ?? 0;
    } else if (r) {
      // Nothing past the limit was read (the rest was only counted): the cut is where the bytes end.
      kept = Math.min(bodyLimit, r.bytes);
      charIndex = r.chars;
    }
    if (!this.textual) charIndex = 0;
    return {
      code: !truncated ? 'bytes.cut.within' : headerBytes >= limit ? 'bytes.cut.headersOverLimit' : 'bytes.cut.truncated',
      truncated,
      totalBytes,
      headerBytes,
      bodyBytes,
      limit,
      bodyLimit,
      bodyBytesKept: kept,
      backedOff: bodyLimit - kept,
      charIndex,
      charset: cs,
    };
  }

  private report(totalBodyBytes?: number): BytesReport {
    const cutoff = this.cutoff(totalBodyBytes);
    const base: BytesReport = {
      cutoff,
      isHtml: this.isHtml,
      offsetsExact: this.reader?.offsetsExact ?? true,
      textLength: this.textual ? (this.reader?.chars ?? 0) : 0,
      items: [],
      links: { total: 0, lost: 0, firstLost: [] },
      headings: { total: 0, lost: 0 },
      visibleText: { totalChars: 0, lostChars: 0 },
      findings: [],
      breakdown: { rows: [], fix: null },
      firstPastCut: null,
      cutContext: { kind: 'none', tag: null, bodyOffset: cutoff.bodyBytesKept },
    };
    const scan = this.budget?.scan;
    if (!scan) return base;
    const H = cutoff.headerBytes;
    const place = (it: FoundItem): PlacedItem => ({
      kind: it.kind,
      status: it.status,
      tag: it.tag,
      ordinal: it.ordinal,
      id: it.id,
      detail: it.detail,
      line: it.line,
      bodyOffset: it.start,
      responseOffset: H + it.start,
      bodyEnd: it.end,
    });
    const items = scan.items.map(place).sort((x, y) => x.bodyOffset - y.bodyOffset);
    const cats = Object.keys(scan.ranges) as BreakdownCategory[];
    const rows: BreakdownRow[] = cats.map((category) => {
      let bytes = 0;
      let largest: BreakdownRow['largest'] = null;
      for (const r of scan.ranges[category]) {
        const n = r.end - r.start;
        bytes += n;
        if (!largest || n > largest.bytes) largest = { bytes: n, bodyOffset: r.start, label: r.label };
      }
      return { category, bytes, count: scan.ranges[category].length, largest };
    });
    const cs = cutoff.charset;
    const unit = cs.kind === 'utf-16le' || cs.kind === 'utf-16be' ? 2 : 1;
    rows.push({ category: 'whitespace', bytes: scan.collapsibleWhitespace * unit, count: 0, largest: null });
    const counted = rows.reduce((s, r) => s + r.bytes, 0);
    rows.push({ category: 'rest', bytes: Math.max(0, this.bytes - counted), count: 0, largest: null });
    rows.sort((x, y) => y.bytes - x.bytes);
    const top = rows[0]!;
    const fix: Finding | null =
      top.bytes === 0
        ? null
        : { code: FIX_CODE[top.category], params: [top.bytes, top.largest?.bytes ?? top.bytes, top.largest?.bodyOffset ?? 0, top.largest?.label ?? '', top.count] };
    const visible = cutoff.truncated ? scan.visibleText : { total: scan.visibleText.total, lost: 0 };
    return {
      ...base,
      items,
      links: { total: scan.links.total, lost: cutoff.truncated ? scan.links.lost : 0, firstLost: cutoff.truncated ? scan.links.firstLost.map(place) : [] },
      headings: { total: scan.headings.total, lost: cutoff.truncated ? scan.headings.lost : 0 },
      visibleText: { totalChars: visible.total, lostChars: visible.lost },
      findings: findingsOf(cutoff, items, scan.links, scan.headings, visible),
      breakdown: { rows, fix },
      firstPastCut: scan.firstPastCut
        ? {
            tag: scan.firstPastCut.tag,
            ordinal: scan.firstPastCut.ordinal,
            id: scan.firstPastCut.id,
            className: scan.firstPastCut.className,
            line: scan.firstPastCut.line,
            bodyOffset: scan.firstPastCut.start,
            responseOffset: H + scan.firstPastCut.start,
          }
        : null,
      cutContext: { kind: scan.cutContext.kind, tag: scan.cutContext.tag, bodyOffset: scan.cutContext.kind === 'none' ? cutoff.bodyBytesKept : scan.cutContext.start },
    };
  }
}

/**
 * The whole byte-budget analysis of one response whose body is in hand: where the cut falls,
 * which elements Googlebot never reads (with byte offsets), and where the bytes of the HTML go.
 * (A body that streams in goes through BytesReader chunk by chunk instead.)
 */
export async function analyzeBytes(input: AnalyzeInput, opts: AnalyzeOptions = {}): Promise<BytesReport> {
  const textual = isTextMediaType(input.mediaType);
  if (!textual || input.wholeCharacters === false) {
    // A binary body (a PDF) is measured and cut at the byte; it is never decoded.
    const cutoff = findCutoff({ ...input, wholeCharacters: false });
    return {
      cutoff,
      isHtml: false,
      offsetsExact: true,
      textLength: 0,
      items: [],
      links: { total: 0, lost: 0, firstLost: [] },
      headings: { total: 0, lost: 0 },
      visibleText: { totalChars: 0, lostChars: 0 },
      findings: [],
      breakdown: { rows: [], fix: null },
      firstPastCut: null,
      cutContext: { kind: 'none', tag: null, bodyOffset: cutoff.bodyBytesKept },
    };
  }
  const r = new BytesReader({ headerBytes: input.headerBytes, charset: input.charset, limit: input.limit, mediaType: input.mediaType });
  const slice = opts.sliceBytes ?? 1_048_576;
  const body = input.body;
  for (let i = 0; i < body.length; i += slice) {
    if (opts.signal?.aborted) throw new Error(ABORTED);
    r.write(body.subarray(i, i + slice));
    if (i + slice < body.length && opts.pause) await opts.pause();
  }
  if (opts.signal?.aborted) throw new Error(ABORTED);
  return r.end(input.totalBodyBytes);
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
