import { followRedirects } from '../crawl';
import { PAGE_REDIRECTS } from '../crawl';
import type { HopFetcher } from '../crawl';
import type { LlmsLinkCheck, LlmsLinkReport, LlmsParsed } from './types';

export const LLMS_LINKS_MAX = 50;
export const LLMS_LINKS_CONCURRENCY = 4;

/**
 * On request only: what each link of an llms.txt answers — one GET each (redirects followed, the
 * body not read), 4 at a time, 10 s each, the first 50 unique http(s) links.
 */
export async function checkLlmsLinks(parsed: LlmsParsed, hop: HopFetcher, userAgent: string, opts: { max?: number; timeoutMs?: number } = {}): Promise<LlmsLinkReport> {
  const max = Math.min(opts.max ?? LLMS_LINKS_MAX, LLMS_LINKS_MAX);
  const seen = new Set<string>();
  const todo: { url: string; line: number }[] = [];
  let skipped = 0;
  for (const s of parsed.sections) {
    for (const l of s.links) {
      if (!l.url || seen.has(l.url)) {
        if (!l.url) skipped++;
        continue;
      }
      seen.add(l.url);
      if (todo.length < max) todo.push({ url: l.url, line: l.line });
      else skipped++;
    }
  }
  const checked: LlmsLinkCheck[] = new Array(todo.length);
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const i = next++;
      const { url, line } = todo[i]!;
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(), opts.timeoutMs ?? 10_000);
      try {
        const got = await followRedirects(url, hop, { policy: PAGE_REDIRECTS, request: { userAgent, signal: ctl.signal } });
        await got.reply?.body?.cancel().catch(() => undefined);
        checked[i] = { url, line, status: got.reply?.status ?? got.hops.at(-1)?.status ?? null, finalUrl: got.finalUrl, error: got.stop?.code ?? null };
      } catch (e) {
        checked[i] = { url, line, status: null, finalUrl: null, error: ctl.signal.aborted ? 'timeout' : e instanceof Error ? e.message : String(e) };
      } finally {
        clearTimeout(timer);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LLMS_LINKS_CONCURRENCY, todo.length) }, worker));
  return { checked, skipped, max };
}
