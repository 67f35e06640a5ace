type IntArray = Int32Array | Uint8Array | Uint16Array;
type IntArrayOf<K extends 'i32' | 'u8' | 'u16'> = K extends 'i32' ? Int32Array : K extends 'u8' ? Uint8Array : Uint16Array;

/** A column of small integers, one per node, in one typed array that grows by doubling; unset cells read `fill`. */
export class IntColumn<K extends 'i32' | 'u8' | 'u16' = 'i32'> {
  private data: IntArrayOf<K>;

  constructor(
    private readonly kind: K,
    private readonly fill = 0,
    capacity = 1024,
  ) {
    this.data = this.make(capacity);
  }

  private make(n: number): IntArrayOf<K> {
    const a = (this.kind === 'i32' ? new Int32Array(n) : this.kind === 'u8' ? new Uint8Array(n) : new Uint16Array(n)) as IntArray;
    if (this.fill !== 0) a.fill(this.fill);
    return a as IntArrayOf<K>;
  }

  get(i: number): number {
    return i < this.data.length ? this.data[i]! : this.fill;
  }

  set(i: number, v: number): void {
    if (i >= this.data.length) {
      let n = this.data.length * 2;
      while (n <= i) n *= 2;
      const next = this.make(n);
      next.set(this.data as never);
      this.data = next;
    }
    this.data[i] = v;
  }

  /** Sets bits. */
  or(i: number, bits: number): void {
    this.set(i, this.get(i) | bits);
  }

  /** Adds to a cell. */
  add(i: number, by = 1): void {
    this.set(i, this.get(i) + by);
  }

  /** Bytes held. */
  get bytes(): number {
    return this.data.byteLength;
  }
}
