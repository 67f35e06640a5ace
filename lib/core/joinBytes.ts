/**
 * The first `n` bytes of `parts`, in order, as one array: the first part itself (or a view on it)
 * when it holds them, else one copy. `n` at most the parts' total.
 */
export function joinBytes(parts: readonly Uint8Array[], n: number): Uint8Array {
  const first = parts[0];
  if (first && first.length >= n) return first.length === n ? first : first.subarray(0, n);
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    if (at >= n) break;
    const part = at + p.length > n ? p.subarray(0, n - at) : p;
    out.set(part, at);
    at += part.length;
  }
  return out;
}
