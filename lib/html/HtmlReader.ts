import { resolveCharset, type ResolvedCharset } from './charset';
import { HtmlTokenizer } from './HtmlTokenizer';
import { DEFAULT_PIECE, PieceDecoder, type CutFound } from './PieceDecoder';
import { sniffCharset } from './sniffCharset';
import { TreeBuilder } from './TreeBuilder';
import type { HtmlSink } from './types';

export interface HtmlReaderOptions {
  /** The charset to decode with (a TextDecoder label). Without it, the one a browser picks: BOM, Content-Type, <meta charset>, UTF-8. */
  charset?: string | null;
  /** The response's Content-Type, for the charset when none is given. */
  contentType?: string | null;
  /**
   * Body bytes under Googlebot's limit (the limit minus the header bytes). With it, the readers
   * in `kept` see the document Googlebot keeps — it ends at the cut, backed off to a whole
   * character, as lib/bytes findCutoff places it — while those in `whole` read on to the end.
   */
  bodyLimit?: number | null;
  /** Bytes per piece (at most 65,536; default 32,768). */
  pieceSize?: number;
  /** False: decode only (the cut and the character count of a text that is not HTML), no tokens. */
  tokenize?: boolean;
}

/** How many bytes the charset sniffing looks at (a <meta charset> must be within them). */
const SNIFF_BYTES = 1024;

/**
 * Crawlscope's one HTML reader: bytes in (in chunks of any size, as they arrive), the document's
 * tokens and tree events out to its readers (HtmlSink) — byte budget, served signals, script
 * finder, page extraction. It decodes a piece at a time (PieceDecoder), tokenizes it
 * (HtmlTokenizer) and builds no tree (TreeBuilder), so what it holds is bounded by the piece size
 * and the open elements, not by the page. Readers in `kept` get the end of the document at the
 * cut; readers in `whole` get everything.
 *
 * Text already decoded can be read too (`writeText`); its offsets are then character offsets.
 */
export class HtmlReader {
  private decoder: PieceDecoder | null = null;
  private tokenizer: HtmlTokenizer | null = null;
  private tree: TreeBuilder | null = null;
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private ended = false;
  private keptSinks: HtmlSink[];
  private readonly wholeSinks: HtmlSink[];
  /** The charset the body is decoded with (known once the first bytes were seen). */
  charset: ResolvedCharset | null = null;
  /** Body bytes read. */
  bytes = 0;
  /** Characters decoded (UTF-16 units), and those before the cut once it is found. */
  chars = 0;
  charsAtCut: number | null = null;

  constructor(
    sinks: { whole?: HtmlSink[]; kept?: HtmlSink[] },
    private readonly opts: HtmlReaderOptions = {},
  ) {
    this.keptSinks = sinks.kept ?? [];
    this.wholeSinks = sinks.whole ?? [];
  }

  /** Where the cut fell (once known: after the byte past the limit, or at the end). */
  get cut(): CutFound | undefined {
    return this.decoder?.cut;
  }

  /** False when byte offsets are estimates (a stateful charset such as ISO-2022-JP). */
  get offsetsExact(): boolean {
    return this.decoder?.exact ?? true;
  }

  /** Reads the next bytes of the body. */
  write(chunk: Uint8Array): void {
    if (this.ended) throw new Error('HtmlReader: written after the end');
    if (chunk.length === 0) return;
    this.bytes += chunk.length;
    if (!this.decoder) {
      // The charset may depend on a <meta charset> in the first 1,024 bytes: wait for them.
      // A byte-order mark (up to 3 bytes) overrides any label: wait for it too.
      const need = this.opts.charset == null ? SNIFF_BYTES : 3;
      if (this.headBytes === 0 && chunk.length >= need) {
        // All of it in the first chunk: read from the chunk itself, no copy.
        this.startFrom(chunk);
        return;
      }
      this.head.push(chunk.slice());
      this.headBytes += chunk.length;
      if (this.headBytes < need) return;
      this.start();
      return;
    }
    this.decoder.write(chunk);
  }

  /** Reads an already decoded document (offsets are then character offsets). Call `end` after the last part. */
  writeText(s: string): void {
    if (!this.decoder) this.startWith(null);
    this.decoder!.writeText(s);
  }

  /** The body has ended. */
  end(): void {
    if (this.ended) return;
    if (!this.decoder) this.start();
    this.ended = true;
    const d = this.decoder!;
    d.end();
    const at = this.endOffset();
    if (this.opts.tokenize === false) return;
    this.tokenizer!.end(at);
    this.tree!.eof(at);
  }

  private endOffset(): number {
    return this.charset ? this.bytes : this.textLength;
  }
  private textLength = 0;

  private start(): void {
    const head = this.head.length === 1 ? this.head[0]! : new Uint8Array(this.headBytes);
    if (this.head.length > 1) {
      let at = 0;
      for (const c of this.head) {
        head.set(c, at);
        at += c.length;
      }
    }
    this.head = [];
    this.startFrom(head);
  }

  /** The charset from the first bytes, then they are decoded. */
  private startFrom(head: Uint8Array): void {
    const label = this.opts.charset ?? sniffCharset(this.opts.contentType ?? null, head);
    this.startWith(resolveCharset(label, head));
    if (head.length) this.decoder!.write(head);
  }

  private startWith(cs: ResolvedCharset | null): void {
    this.charset = cs;
    const unit = cs && (cs.kind === 'utf-16le' || cs.kind === 'utf-16be') ? 2 : 1;
    const all = [...this.wholeSinks, ...this.keptSinks];
    for (const s of all) s.begin?.(cs?.bomBytes ?? 0);
    const tree = new TreeBuilder(all, unit);
    const tokenizer = new HtmlTokenizer(tree, unit);
    tree.tokenizer = tokenizer;
    this.tree = tree;
    this.tokenizer = tokenizer;
    const tokenize = this.opts.tokenize !== false;
    const decoder = new PieceDecoder(
      cs,
      (text, start, end, cutAfter) => {
        if (!cs) this.textLength = end;
        this.chars += text.length;
        if (tokenize) {
          tree.piece = text;
          tree.offsets = decoder;
          tokenizer.write(text, decoder);
        }
        if (cutAfter) {
          this.charsAtCut = this.chars;
          this.atCut(end);
        }
      },
      this.opts.pieceSize ?? DEFAULT_PIECE,
      cs ? (this.opts.bodyLimit ?? null) : null,
    );
    this.decoder = decoder;
  }

  /** The cut: the kept readers get the end of the document here; the others read on. */
  private atCut(at: number): void {
    if (this.keptSinks.length === 0) return;
    const kept = this.keptSinks;
    this.keptSinks = [];
    const tree = this.tree!;
    tree.sinks = [...this.wholeSinks];
    const fork = tree.fork(kept);
    this.tokenizer!.eofInto(fork, at);
    fork.eof(at);
  }
}
