import type { Header } from '../core';

/** A header as the browser's webRequest events report it. */
export interface WebRequestHeader {
  name: string;
  value?: string;
  binaryValue?: ArrayBuffer | ArrayLike<number>;
}

/**
 * Headers as webRequest reports them, names, order and repeats kept; a value given only as bytes
 * (binaryValue) is read as Latin-1, one byte a character, as HTTP/1.1 header text is counted.
 */
export const webRequestHeaders = (h: readonly WebRequestHeader[] | undefined): Header[] =>
  (h ?? []).map((x) => ({
    name: x.name,
    value: x.value ?? (x.binaryValue ? new TextDecoder('latin1').decode(new Uint8Array(x.binaryValue as ArrayLike<number>)) : ''),
  }));
