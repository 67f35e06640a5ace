// One re-read of the document serves every analysis the popup asks for (the indexability verdict's
// served HTML and the byte budget): the copy is shared while it is being read, kept a short while
// after, and released as soon as the byte analysis has used it. Nothing here runs on page load.
import { readDocumentBytes, type DocumentBytes } from './readDocumentBytes';

/** How long a finished copy is kept for a second reader (one popup session's worth). */
export const KEEP_COPY_MS = 15_000;

let shared: { url: string; copy: Promise<DocumentBytes>; timer: ReturnType<typeof setTimeout> | null } | null = null;

/** The document's bytes: the copy being read or just read for this URL, else a new re-read. */
export function sharedDocumentBytes(url: string): Promise<DocumentBytes> {
  if (shared && shared.url === url) return shared.copy;
  releaseDocumentBytes();
  const copy = readDocumentBytes(url);
  const entry: NonNullable<typeof shared> = { url, copy, timer: null };
  shared = entry;
  copy.then(
    () => {
      if (shared === entry) entry.timer = setTimeout(() => shared === entry && releaseDocumentBytes(), KEEP_COPY_MS);
    },
    () => shared === entry && releaseDocumentBytes(),
  );
  return copy;
}

/** Drops the shared copy (its memory is freed once the last reader lets go of it). */
export function releaseDocumentBytes(): void {
  if (shared?.timer) clearTimeout(shared.timer);
  shared = null;
}
