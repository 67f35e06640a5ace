import type { FoundDirective } from './collectDirectives';
import type { Source } from './types';

export interface Limit<T> {
  value: T;
  source: Source;
}

/** The directives Google Search obeys, combined: all count, the most restrictive wins. */
export interface EffectiveDirectives {
  noindex: FoundDirective[];
  nofollow: FoundDirective[];
  nosnippet: FoundDirective[];
  noimageindex: FoundDirective[];
  notranslate: FoundDirective[];
  indexifembedded: FoundDirective[];
  noarchive: FoundDirective[];
  /** Smallest max-snippet (0 = no snippet, -1 = no limit). */
  maxSnippet: Limit<number> | null;
  /** Most restrictive max-image-preview (none < standard < large). */
  maxImagePreview: Limit<'none' | 'standard' | 'large'> | null;
  /** Smallest max-video-preview in seconds (-1 = no limit). */
  maxVideoPreview: Limit<number> | null;
  /** unavailable_after dates; `at` is epoch ms, or null if Google cannot read the date. */
  unavailableAfter: { at: number | null; raw: string; past: boolean; found: FoundDirective }[];
  /** Values Google does not understand (ignored, but worth fixing). */
  invalid: FoundDirective[];
  unknown: FoundDirective[];
}

const PREVIEW_RANK = { none: 0, standard: 1, large: 2 } as const;

/** -1 means "no limit", so it is the least restrictive. */
const tighter = (a: number, b: number): boolean => (a === -1 ? false : b === -1 ? true : a < b);

export function parseHttpishDate(raw: string): number | null {
  const s = raw.trim();
  if (!s || s.length > 100) return null;
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : null;
}

export function combineDirectives(found: readonly FoundDirective[], now: number): EffectiveDirectives {
  const e: EffectiveDirectives = {
    noindex: [], nofollow: [], nosnippet: [], noimageindex: [], notranslate: [], indexifembedded: [],
    noarchive: [], maxSnippet: null, maxImagePreview: null, maxVideoPreview: null, unavailableAfter: [],
    invalid: [], unknown: [],
  };
  for (const f of found) {
    if (f.ignored) continue;
    const { name, value } = f.directive;
    switch (name) {
      case 'noindex':
        e.noindex.push(f);
        break;
      case 'nofollow':
        e.nofollow.push(f);
        break;
      case 'none':
        e.noindex.push(f);
        e.nofollow.push(f);
        break;
      case 'nosnippet':
        e.nosnippet.push(f);
        break;
      case 'noimageindex':
        e.noimageindex.push(f);
        break;
      case 'notranslate':
        e.notranslate.push(f);
        break;
      case 'indexifembedded':
        e.indexifembedded.push(f);
        break;
      case 'noarchive':
      case 'nocache':
        e.noarchive.push(f);
        break;
      case 'max-snippet':
      case 'max-video-preview': {
        const n = value !== null && /^-?\d{1,9}$/.test(value) ? Number(value) : NaN;
        if (!Number.isInteger(n) || n < -1) {
          e.invalid.push(f);
          break;
        }
        const key = name === 'max-snippet' ? 'maxSnippet' : 'maxVideoPreview';
        const cur = e[key];
        if (!cur || tighter(n, cur.value)) e[key] = { value: n, source: f.source };
        break;
      }
      case 'max-image-preview': {
        const v = (value ?? '').toLowerCase();
        if (v !== 'none' && v !== 'standard' && v !== 'large') {
          e.invalid.push(f);
          break;
        }
        if (!e.maxImagePreview || PREVIEW_RANK[v] < PREVIEW_RANK[e.maxImagePreview.value]) {
          e.maxImagePreview = { value: v, source: f.source };
        }
        break;
      }
      case 'unavailable_after': {
        const at = value === null ? null : parseHttpishDate(value);
        e.unavailableAfter.push({ at, raw: value ?? '', past: at !== null && at <= now, found: f });
        break;
      }
      case 'all':
      case 'index':
      case 'follow':
        break;
      default:
        if (f.directive.known) break;
        e.unknown.push(f);
    }
  }
  return e;
}
