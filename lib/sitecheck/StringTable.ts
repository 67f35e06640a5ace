/**
 * Strings by number, each kept once (anchor texts, titles, sitemaps, robots.txt rules): the link
 * graph's columns hold the numbers. Past `max` strings a new one gets -1 (not kept).
 */
export class StringTable {
  private readonly ids = new Map<string, number>();
  private readonly all: string[] = [];
  /** Strings not kept because the table was full. */
  refused = 0;

  constructor(private readonly max = Infinity) {}

  /** The string's number (-1: the table is full). */
  id(s: string): number {
    let i = this.ids.get(s);
    if (i !== undefined) return i;
    if (this.all.length >= this.max) {
      this.refused++;
      return -1;
    }
    i = this.all.length;
    this.all.push(s);
    this.ids.set(s, i);
    return i;
  }

  /** The string of a number (null for -1). */
  at(i: number): string | null {
    return i < 0 ? null : (this.all[i] ?? null);
  }

  /** The number of a string already kept, or -1. */
  find(s: string): number {
    return this.ids.get(s) ?? -1;
  }

  get size(): number {
    return this.all.length;
  }
}
