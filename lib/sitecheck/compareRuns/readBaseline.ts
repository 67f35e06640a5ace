import { createBaselineReader, type BaselineLimits, type BaselineRead } from './createBaselineReader';

/** Reads a whole baseline from its chunks (a file's stream), stopping as soon as the reader needs no more. */
export async function readBaseline(chunks: AsyncIterable<Uint8Array | string>, limits?: BaselineLimits): Promise<BaselineRead> {
  const reader = createBaselineReader(limits);
  for await (const c of chunks) if (!reader.push(c)) break;
  return reader.end();
}
