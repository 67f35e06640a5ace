/** Edges per block: the unit the store keeps in memory, spills and reads back. */
export const EDGE_BLOCK = 16_384;

/** rel="nofollow" on the link. */
export const EDGE_NOFOLLOW = 1;
/** The link's start tag ends past the cut: Googlebot never sees it. */
export const EDGE_PAST_CUT = 2;
/** The link is only in Googlebot's render, not in the HTML as served. */
export const EDGE_RENDERED = 4;
/** The page says nofollow for all its links (meta robots / googlebot, X-Robots-Tag). */
export const EDGE_PAGE_NOFOLLOW = 8;
/** The target is outside the crawl's hosts. */
export const EDGE_FOREIGN = 16;
/** Googlebot does not follow it: nofollow (the link's or the page's) or past the cut. */
export const EDGE_NOT_FOLLOWED = EDGE_NOFOLLOW | EDGE_PAST_CUT | EDGE_PAGE_NOFOLLOW;

/** Up to EDGE_BLOCK edges, column by column: source and target node, anchor text (a string number, -1: none), response offset of the `<a` (-1: none), flags. */
export interface EdgeBlock {
  src: Int32Array;
  tgt: Int32Array;
  anchor: Int32Array;
  offset: Int32Array;
  flags: Uint8Array;
  length: number;
}

/** Where full blocks go past the store's threshold (the extension: IndexedDB), and come back from. */
export interface EdgeSpill {
  put(index: number, block: EdgeBlock): Promise<void>;
  get(index: number): Promise<EdgeBlock>;
  clear(): Promise<void>;
}

const newBlock = (): EdgeBlock => ({
  src: new Int32Array(EDGE_BLOCK),
  tgt: new Int32Array(EDGE_BLOCK),
  anchor: new Int32Array(EDGE_BLOCK),
  offset: new Int32Array(EDGE_BLOCK),
  flags: new Uint8Array(EDGE_BLOCK),
  length: 0,
});

/**
 * The link graph's edges: typed arrays in blocks of 16,384 (17 bytes an edge), appended as pages
 * are read and read back in order. With a spill, full blocks past `keepBlocks` leave memory for
 * it (written one at a time, in order) and are read back from it.
 */
export class EdgeStore {
  private readonly blocks: (EdgeBlock | null)[] = [newBlock()];
  private count_ = 0;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private inMemory = 1;

  constructor(private readonly opts: { spill?: EdgeSpill; keepBlocks?: number } = {}) {}

  get count(): number {
    return this.count_;
  }

  /** Bytes the blocks in memory hold. */
  get bytes(): number {
    return this.inMemory * EDGE_BLOCK * 17;
  }

  add(src: number, tgt: number, anchor: number, offset: number, flags: number): void {
    let b = this.blocks[this.blocks.length - 1]!;
    if (b.length === EDGE_BLOCK) {
      this.full(this.blocks.length - 1);
      b = newBlock();
      this.blocks.push(b);
      this.inMemory++;
    }
    const i = b.length++;
    b.src[i] = src;
    b.tgt[i] = tgt;
    b.anchor[i] = anchor;
    b.offset[i] = offset;
    b.flags[i] = flags;
    this.count_++;
  }

  /** A block is full: past the threshold, the oldest in memory goes to the spill. */
  private full(index: number): void {
    const spill = this.opts.spill;
    if (!spill || index < (this.opts.keepBlocks ?? 64)) return;
    const out = index - (this.opts.keepBlocks ?? 64);
    const block = this.blocks[out];
    if (!block) return;
    this.writing = this.writing.then(async () => {
      if (this.failure) return;
      try {
        await spill.put(out, block);
        this.blocks[out] = null;
        this.inMemory--;
      } catch (err) {
        // Kept in memory: the crawl goes on, only its memory grows.
        this.failure = err;
      }
    });
  }

  /** Every block, in order (full ones and the last, partly filled one). */
  async *all(): AsyncIterable<EdgeBlock> {
    await this.writing;
    for (let i = 0; i < this.blocks.length; i++) {
      const b = this.blocks[i] ?? (await this.opts.spill!.get(i));
      if (b.length) yield b;
    }
  }

  /** Forgets the spilled blocks. */
  async clear(): Promise<void> {
    await this.writing;
    await this.opts.spill?.clear();
  }
}
