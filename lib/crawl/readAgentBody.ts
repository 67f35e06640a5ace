import { BytesReader, KEEP_PAST_LIMIT, type BytesReport } from '../bytes';
import { isHtml, type HtmlSink } from '../html';

/** What one pass over a fetched body gives: the byte budget, and whether the body was read as HTML. */
export interface AgentBodyRead {
  report: BytesReport;
  isHtml: boolean;
}

/** A body read as it arrives: each chunk written the moment it is read, then `end` with the count of all the body's bytes. */
export interface AgentBodyReader<R extends AgentBodyRead = AgentBodyRead> {
  write(chunk: Uint8Array): void;
  end(totalBodyBytes: number): R;
}

export interface AgentBodyInput {
  mediaType: string | null;
  contentType: string | null;
  headerBytes: number;
  limit: number;
  /** More readers of the same pass, of the document Googlebot keeps (the compared page's facts); asked once it is known whether the body is HTML. */
  kept?: (html: boolean) => HtmlSink[];
}

/**
 * The body of one response fetched as Googlebot, read as it arrives through lib/html's reader:
 * the byte budget (the cut, and the elements past it — read up to the limit plus 1 MiB), with any
 * readers of the kept document in the same pass. An unlabeled body is sniffed from its first
 * KiB. Nothing of the body is kept here.
 */
export function readAgentBody(opts: AgentBodyInput): AgentBodyReader {
  const readUpTo = opts.limit + KEEP_PAST_LIMIT;
  let head: Uint8Array[] | null = [];
  let headBytes = 0;
  let written = 0;
  let reader: BytesReader | null = null;
  const start = () => {
    const first = new Uint8Array(headBytes);
    let at = 0;
    for (const c of head!) {
      first.set(c, at);
      at += c.length;
    }
    head = null;
    const html = isHtml(opts.mediaType, opts.mediaType ? null : first);
    reader = new BytesReader({ headerBytes: opts.headerBytes, charset: null, contentType: opts.contentType, limit: opts.limit, mediaType: opts.mediaType, html, detail: 'items', kept: opts.kept?.(html) ?? [] });
    if (first.length) reader.write(first);
  };
  return {
    write(chunk: Uint8Array): void {
      if (written >= readUpTo) {
        written += chunk.length;
        return;
      }
      const part = written + chunk.length > readUpTo ? chunk.subarray(0, readUpTo - written) : chunk;
      written += chunk.length;
      if (head) {
        head.push(part.slice());
        headBytes += part.length;
        if (headBytes >= 1024) start();
        return;
      }
      reader!.write(part);
    },
    end(totalBodyBytes: number): AgentBodyRead {
      if (head) start();
      return { report: reader!.end(Math.max(totalBodyBytes, written)), isHtml: reader!.isHtml };
    },
  };
}
