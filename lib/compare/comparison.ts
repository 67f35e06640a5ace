import type { MessageParam } from '../i18n';
import type { Agent, FetchErrorCode, RobotsBlock } from '../crawl';
import type { WordDiff } from './diffWords';

export type Severity = 'critical' | 'warning' | 'info';

/** The fields compared, in display order. */
export const FIELDS = [
  'status',
  'redirects',
  'finalUrl',
  'contentType',
  'vary',
  'bytes',
  'title',
  'metaDescription',
  'robotsMeta',
  'xRobotsTag',
  'canonical',
  'hreflang',
  'viewport',
  'headings',
  'wordCount',
  'internalLinks',
  'externalLinks',
  'jsonLdTypes',
  'jsonLdContent',
  'images',
  'missingAlt',
] as const;
export type Field = (typeof FIELDS)[number];

/** Why a difference matters under mobile-first indexing: a message code and its parameters. */
export type WhyCode =
  | 'statusDiffers'
  | 'redirectsDiffer'
  | 'finalUrlDiffers'
  | 'contentTypeDiffers'
  | 'varyDiffers'
  | 'bytesCutOnlyMobile'
  | 'bytesCutOnlyDesktop'
  | 'bytesDiffer'
  | 'titleDiffers'
  | 'metaDescriptionDiffers'
  | 'noindexOnlyMobile'
  | 'noindexOnlyDesktop'
  | 'robotsDiffer'
  | 'canonicalDiffers'
  | 'hreflangDiffers'
  | 'viewportMissingMobile'
  | 'viewportDiffers'
  | 'headingsDiffer'
  | 'fewerWordsMobile'
  | 'moreWordsMobile'
  | 'sameCountOtherWords'
  | 'internalLinksDiffer'
  | 'externalLinksDiffer'
  | 'jsonLdTypesMissingMobile'
  | 'jsonLdTypesDiffer'
  | 'jsonLdContentDiffers'
  | 'imagesDiffer'
  | 'missingAltDiffers';

/** One field, both sides. Values are page text: render them as text only. */
export interface Row {
  field: Field;
  mobile: string;
  desktop: string;
  same: boolean;
  /** Set when the sides differ. */
  severity: Severity | null;
  why: { code: WhyCode; params: MessageParam[] } | null;
  /** For lists: entries only on mobile (added) and only on desktop (removed), the first 200 of each. */
  added?: string[];
  removed?: string[];
  /** How many entries there are in all. */
  addedTotal?: number;
  removedTotal?: number;
}

export type FindingCode =
  | 'fetchFailed'
  | 'robotsBlocked'
  | 'robotsUnreachable'
  | 'blocked'
  | 'blockedBoth'
  | 'nonHtml'
  | 'overLimit'
  | 'pastCut'
  | 'countCapped'
  | 'bodyTimeout'
  | 'bodyError'
  | 'varyMissing';

/** Something about the fetches themselves (not a field difference). */
export interface Finding {
  code: FindingCode;
  agent: Agent | 'both';
  severity: Severity;
  /** For fetchFailed: the fetch error code. */
  error?: FetchErrorCode;
  params: MessageParam[];
}

export interface SideSummary {
  agent: Agent;
  userAgent: string;
  requestedUrl: string;
  finalUrl: string;
  status: number;
  redirects: { url: string; status: number; location: string }[];
  contentType: string | null;
  bodyBytes: number;
  complete: boolean;
  /** Bytes of status line + headers, counted against the 2 MB. */
  headerBytes: number;
  /** Body offset where Googlebot's cut falls, or null when the response fits. */
  cutAt: number | null;
  /** The byte limit (headers included) applied. */
  limit: number;
  wordCount: number | null;
  durationMs: number;
  error: { code: FetchErrorCode; params: MessageParam[] } | null;
  /** The URL robots.txt kept this agent from (never requested), with the deciding line; absent otherwise. */
  blockedAt?: string;
  blockedBy?: RobotsBlock;
}

export interface Comparison {
  url: string;
  /** True when no field differs and nothing was found: show one line "no differences". */
  identical: boolean;
  findings: Finding[];
  /** Every field, in FIELDS order. */
  rows: Row[];
  /** The rows that differ, most severe first. */
  differences: Row[];
  textDiff: WordDiff | null;
  mobile: SideSummary;
  desktop: SideSummary;
}
