import type { Region } from './types';

/**
 * One accumulator per region, folded in tree order when a table closes: what the tree builder
 * moved before the table (its fostered region), then the table's own content (its inner region),
 * appended to the region the table stands in. A reader that needs the document's tree order
 * (the first <h1>, the body's text, the tags in order) keeps its facts here; every other page —
 * no table, or none with misplaced content — has only the root region's accumulator.
 */
export class RegionFold<A> {
  private readonly accs = new Map<number, A>();
  /** The region last asked about and its accumulator (text runs come one after another into the same region). */
  private lastRegion: Region | null = null;
  private lastAcc: A | undefined = undefined;

  constructor(
    private readonly make: () => A,
    /** Appends `next` (the fostered content, then the table's) to `into`, in that order. */
    private readonly append: (into: A, next: A) => void,
  ) {}

  /** The accumulator of a region (made on first use). */
  at(region: Region): A {
    if (region === this.lastRegion) return this.lastAcc!;
    let a = this.accs.get(region.id);
    if (a === undefined) {
      a = this.make();
      this.accs.set(region.id, a);
    }
    this.lastRegion = region;
    this.lastAcc = a;
    return a;
  }

  /** A table closed: its two regions fold into the one it stands in. */
  close(fostered: Region, inner: Region, into: Region): void {
    const f = this.accs.get(fostered.id);
    const i = this.accs.get(inner.id);
    if (f === undefined && i === undefined) return;
    const target = this.at(into);
    if (f !== undefined) this.append(target, f);
    if (i !== undefined) this.append(target, i);
    this.accs.delete(fostered.id);
    this.accs.delete(inner.id);
    if (this.lastRegion === fostered || this.lastRegion === inner) this.lastRegion = null;
  }
}
