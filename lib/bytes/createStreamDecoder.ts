import { resolveCharset } from './charset';

/** Decodes a body piece by piece as it arrives. */
export interface StreamDecoder {
  /** The next bytes of the body. */
  push(chunk: Uint8Array): void;
  /** The whole text: what `new TextDecoder(resolveCharset(label, body).encoding).decode(body)` gives for the bytes pushed. */
  end(): string;
}

/** A byte-order mark is at most 3 bytes: the encoding is chosen once that many have arrived. */
const BOM_BYTES = 3;

/**
 * The text of a body decoded while it is still arriving (so reading and decoding overlap), the
 * same as decoding it in one piece: the charset is resolved as resolveCharset does (a byte-order
 * mark wins over `label`) from the first bytes, a character split across pieces is carried over
 * by the streaming decoder, and the end flushes what is left (an unfinished character becomes
 * U+FFFD, as a one-piece decode makes it). Pieces are only read, never sliced (in a Firefox content
 * script they may belong to another compartment).
 */
export function createStreamDecoder(label: string): StreamDecoder {
  let decoder: TextDecoder | null = null;
  const head: number[] = [];
  const parts: string[] = [];
  const start = (bytes: Uint8Array) => {
    decoder = new TextDecoder(resolveCharset(label, bytes).encoding);
    if (bytes.length > 0) parts.push(decoder.decode(bytes, { stream: true }));
  };
  return {
    push(chunk) {
      if (decoder) {
        if (chunk.length > 0) parts.push(decoder.decode(chunk, { stream: true }));
        return;
      }
      // Too few bytes yet to tell whether there is a byte-order mark: keep them (at most 2).
      if (head.length + chunk.length < BOM_BYTES) {
        for (let i = 0; i < chunk.length; i++) head.push(chunk[i]!);
        return;
      }
      if (head.length > 0) {
        const first = new Uint8Array(head.length + chunk.length);
        first.set(head);
        first.set(chunk, head.length);
        head.length = 0;
        start(first);
      } else start(chunk);
    },
    end() {
      if (!decoder) start(Uint8Array.from(head));
      parts.push(decoder!.decode());
      const text = parts.join('');
      parts.length = 0;
      return text;
    },
  };
}
