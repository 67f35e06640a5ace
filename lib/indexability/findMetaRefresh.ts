import { baseUrlOf } from './findCanonicals';
import { parseMetaRefresh } from './parseMetaRefresh';
import { tagHtml } from './tagHtml';
import type { PageSignals, Source, TagInfo } from './types';

/**
 * The page's meta refresh, as a browser acts on it:
 * - `instant`: 0 s to another URL — Google treats it as a permanent redirect;
 * - `delayed`: after some seconds to another URL — Google treats it as a temporary redirect;
 * - `reload`: to the page's own URL (or no URL at all) — not a redirect;
 * - `notHttp`: to a URL that is not http(s) (mailto:, javascript:, …) — nothing Google follows.
 */
export interface MetaRefresh {
  kind: 'instant' | 'delayed' | 'reload' | 'notHttp';
  /** Seconds before the browser moves on (whole seconds, as browsers count them). */
  delay: number;
  /** The URL as written (quotes removed), or null when the tag gives none (the page reloads itself). */
  href: string | null;
  /** Where the browser goes: the URL resolved against the document's base URL, without fragment. */
  target: string;
  /** The content attribute as written. */
  content: string;
  /** The HTML as served, or the live DOM. */
  where: 'served' | 'live';
  source: Source;
}

/** A meta refresh whose content browsers cannot read: they ignore the tag. */
export interface InvalidRefresh {
  content: string;
  source: Source;
}

export interface MetaRefreshFindings {
  /** The refresh browsers act on, or null. */
  refresh: MetaRefresh | null;
  /** Unreadable refresh tags before it (or all of them, when none is readable); at most 5. */
  invalid: InvalidRefresh[];
}

const MAX_INVALID = 5;

const isRefreshTag = (t: TagInfo) => t.tag === 'meta' && (t.attrs['http-equiv'] ?? '').toLowerCase() === 'refresh';

const noFragment = (u: URL) => {
  u.hash = '';
  return u.href;
};

/**
 * The meta refresh of one version of the page (the HTML as served, or the live DOM). As in
 * browsers (the HTML standard's http-equiv="refresh" pragma): the http-equiv value matches in any
 * case; a tag without content, or whose content does not parse, or whose URL does not resolve, is
 * skipped (and reported here as unreadable); and the first one that parses wins: the page "will declaratively
 * refresh" and every later refresh tag is ignored. A tag in <body> counts too. Without a URL the
 * page reloads itself (the document's URL, not its <base>); a written URL resolves against the base.
 */
export function findMetaRefresh(signals: PageSignals | null): MetaRefreshFindings {
  const out: MetaRefreshFindings = { refresh: null, invalid: [] };
  if (!signals) return out;
  let base: string | undefined;
  for (const t of signals.tags) {
    if (!isRefreshTag(t)) continue;
    const content = t.attrs.content ?? '';
    const source: Source = { kind: 'tag', html: tagHtml(t), where: signals.where, inBody: t.inBody };
    const parsed = parseMetaRefresh(content);
    let target: URL | null = null;
    if (parsed.ok) {
      base ??= baseUrlOf(signals);
      try {
        target = new URL(parsed.url ?? signals.url, parsed.url === null ? undefined : base);
      } catch {
        target = null;
      }
    }
    if (!parsed.ok || target === null) {
      if (out.invalid.length < MAX_INVALID) out.invalid.push({ content, source });
      continue;
    }
    const href = parsed.url;
    const resolved = noFragment(target);
    let kind: MetaRefresh['kind'];
    if (target.protocol !== 'http:' && target.protocol !== 'https:') kind = 'notHttp';
    else if (sameDocument(resolved, signals.url)) kind = 'reload';
    else kind = parsed.delay === 0 ? 'instant' : 'delayed';
    out.refresh = { kind, delay: parsed.delay, href, target: resolved, content, where: signals.where, source };
    break;
  }
  return out;
}

function sameDocument(target: string, page: string): boolean {
  try {
    return target === noFragment(new URL(page));
  } catch {
    return false;
  }
}
