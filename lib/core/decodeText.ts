/**
 * The text a browser makes of `bytes` in the encoding `label` names (a TextDecoder label).
 *
 * Node 20's one-call decode reads windows-1252 (also what "iso-8859-1", "latin1" and "ascii"
 * mean on the web) as ISO-8859-1: bytes 0x80–0x9F come out as C1 control characters instead of
 * € “ ” – — … ; its streaming decode follows the WHATWG table, as browsers do. So windows-1252
 * is decoded as a stream and flushed — the same text by the Encoding standard, and the right one
 * in Node — and every other encoding in one call.
 */
export function decodeText(bytes: Uint8Array, label: string): string {
  const d = new TextDecoder(label);
  if (d.encoding !== 'windows-1252') return d.decode(bytes);
  return d.decode(bytes, { stream: true }) + d.decode();
}
