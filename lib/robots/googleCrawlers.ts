/**
 * The Google crawlers a robots.txt can address, with how each picks its group, and Google's
 * user-triggered fetchers (GOOGLE_FETCHERS), which generally ignore robots.txt. Every entry keeps
 * the page it comes from; a test fails for an entry without one (tests/unit/robots/google-crawlers.test.ts).
 *
 * Sources, read 2026 through stored copies (no live web here), at their current addresses
 * (Google moved the documentation to developers.google.com/crawling/docs/ in 2026):
 * - common crawlers, as of 2026-09-22: …/crawling/docs/crawlers-fetchers/google-common-crawlers — Googlebot,
 *   Googlebot-Image, -Video, -News, Storebot-Google, Google-InspectionTool, GoogleOther, -Image,
 *   -Video, Google-CloudVertexBot, Google-Extended. "They always obey robots.txt rules when
 *   crawling automatically"; "Some crawlers have more than one user agent token; you need to match
 *   only one crawler token for a rule to apply" (the fallbacks below). The changelog of 2026-10-30
 *   adds a note to Google-Extended: Google intends to support the shared machine-readable training
 *   preference signal (draft-kelley-aipref-training-preference-signal-00; lib/aipref reads it).
 * - special-case crawlers, as of 2026-02-11 (Mediapartners-Google's text generalised to "ad-related
 *   Google products" on 2026-09-17): …/google-special-case-crawlers — APIs-Google, AdsBot Mobile Web
 *   (AdsBot-Google-Mobile, now a Nexus 5X user agent; the iPhone one is listed as retired),
 *   AdsBot-Google, Mediapartners-Google — each "The global user agent (*) is ignored" — and
 *   Google-Safety, which "ignores robots.txt rules".
 * - user-triggered fetchers, as of 2026-07-16: …/google-user-triggered-fetchers — "Because the fetch
 *   was requested by a user, these fetchers generally ignore robots.txt rules"; IP ranges in
 *   user-triggered-fetchers.json, user-triggered-fetchers-google.json and user-triggered-agents.json.
 * `W.X.Y.Z` in user-agent strings stands for the current Chrome version, as Google writes it.
 */
import type { AgentRules } from './evaluateAgents';

/** Google's three kinds of client (overview-google-crawlers). */
export type GoogleClientKind = 'common' | 'special-case' | 'user-triggered';

export interface GoogleCrawler extends AgentRules {
  kind: GoogleClientKind;
  /** The robots.txt user-agent token. */
  token: string;
  /** Key of the crawler's one-line description in locales (robots.crawler.<key>). */
  about: string;
  /** HTTP user-agent strings it sends (empty for a control token). */
  userAgents: { label: string; value: string }[];
  /** Tokens whose group it obeys, in order, when no group names its own token. */
  fallbacks: readonly string[];
  /** Only a group naming it (or a fallback) applies; `*` groups do not. */
  ignoresGlobal: boolean;
  obeysRobotsTxt: boolean;
  /** A control token: no crawler sends it; it only says how crawled content may be used. */
  control?: boolean;
  source: string;
}

export const GOOGLE_COMMON_CRAWLERS_URL = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers';
export const GOOGLE_SPECIAL_CRAWLERS_URL = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers';
export const GOOGLE_FETCHERS_URL = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';
const COMMON = GOOGLE_COMMON_CRAWLERS_URL;
const SPECIAL = GOOGLE_SPECIAL_CRAWLERS_URL;

const ua = (label: string, value: string) => ({ label, value });
const common = { kind: 'common' as const, obeysRobotsTxt: true, ignoresGlobal: false, source: COMMON };
const special = { kind: 'special-case' as const, obeysRobotsTxt: true, ignoresGlobal: true, fallbacks: [], source: SPECIAL };

export const GOOGLE_CRAWLERS: readonly GoogleCrawler[] = [
  {
    ...common,
    token: 'Googlebot',
    about: 'googlebot',
    userAgents: [
      ua('Smartphone', 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
      ua('Desktop', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36'),
    ],
    fallbacks: [],
  },
  { ...common, token: 'Googlebot-Image', about: 'googlebotImage', userAgents: [ua('', 'Googlebot-Image/1.0')], fallbacks: ['Googlebot'] },
  { ...common, token: 'Googlebot-Video', about: 'googlebotVideo', userAgents: [ua('', 'Googlebot-Video/1.0')], fallbacks: ['Googlebot'] },
  // Googlebot-News crawls with the Googlebot user-agent strings.
  { ...common, token: 'Googlebot-News', about: 'googlebotNews', userAgents: [], fallbacks: ['Googlebot'] },
  {
    ...common,
    token: 'Google-InspectionTool',
    about: 'inspectionTool',
    userAgents: [
      ua('Mobile', 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0;)'),
      ua('Desktop', 'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)'),
    ],
    fallbacks: ['Googlebot'],
  },
  { ...common, token: 'Google-CloudVertexBot', about: 'cloudVertexBot', userAgents: [ua('', 'Google-CloudVertexBot')], fallbacks: ['Googlebot'] },
  {
    ...common,
    token: 'Storebot-Google',
    about: 'storebot',
    userAgents: [
      ua('Desktop', 'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Safari/537.36'),
      ua('Mobile', 'Mozilla/5.0 (Linux; Android 8.0; Pixel 2 Build/OPD3.170816.012; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36'),
    ],
    fallbacks: [],
  },
  {
    ...common,
    token: 'GoogleOther',
    about: 'googleOther',
    userAgents: [
      ua('Mobile', 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; GoogleOther)'),
      ua('Desktop', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/W.X.Y.Z Safari/537.36'),
    ],
    fallbacks: [],
  },
  { ...common, token: 'GoogleOther-Image', about: 'googleOtherImage', userAgents: [ua('', 'GoogleOther-Image/1.0')], fallbacks: ['GoogleOther'] },
  { ...common, token: 'GoogleOther-Video', about: 'googleOtherVideo', userAgents: [ua('', 'GoogleOther-Video/1.0')], fallbacks: ['GoogleOther'] },
  // A control token only: no request carries it. It decides whether content Google crawls may be
  // used to train and ground Gemini models; it has no effect on Google Search.
  { ...common, token: 'Google-Extended', about: 'googleExtended', userAgents: [], fallbacks: [], control: true },
  // The special-case crawlers that ignore `*`: "The global user agent (*) is ignored."
  { ...special, token: 'AdsBot-Google', about: 'adsBot', userAgents: [ua('', 'AdsBot-Google (+http://www.google.com/adsbot.html)')] },
  {
    ...special,
    token: 'AdsBot-Google-Mobile',
    about: 'adsBotMobile',
    userAgents: [ua('', 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)')],
  },
  {
    ...special,
    token: 'Mediapartners-Google',
    about: 'mediapartners',
    userAgents: [ua('Desktop', 'Mediapartners-Google'), ua('Mobile', '(Various mobile device types) (compatible; Mediapartners-Google/2.1; +http://www.google.com/bot.html)')],
  },
  { ...special, token: 'APIs-Google', about: 'apisGoogle', userAgents: [ua('', 'APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)')] },
  // "The Google-Safety user agent ignores robots.txt rules."
  { ...special, token: 'Google-Safety', about: 'googleSafety', userAgents: [ua('', 'Google-Safety')], ignoresGlobal: false, obeysRobotsTxt: false },
];

/** One of Google's user-triggered fetchers: no robots.txt group of its own ("these fetchers generally ignore robots.txt rules"). */
export interface GoogleFetcher {
  kind: 'user-triggered';
  /** The product name its User-Agent carries (what a log shows). */
  token: string;
  /** Key of its one-line description in locales (robots.fetcher.<key>). */
  about: string;
  userAgents: { label: string; value: string }[];
  /** Earlier names Google still lists (until the date it gives, or as deprecated). */
  formerTokens: string[];
  /** Google's IP-range file for it, when the page names one (else the three user-triggered files). */
  ipRanges: string | null;
  source: string;
}

const fetcher = (f: Omit<GoogleFetcher, 'kind' | 'source' | 'formerTokens' | 'ipRanges'> & Partial<Pick<GoogleFetcher, 'formerTokens' | 'ipRanges'>>): GoogleFetcher => ({
  kind: 'user-triggered',
  formerTokens: [],
  ipRanges: null,
  source: GOOGLE_FETCHERS_URL,
  ...f,
});

/** Google's user-triggered fetchers, in the order of Google's page (2026-07-16). */
export const GOOGLE_FETCHERS: readonly GoogleFetcher[] = [
  fetcher({ token: 'Google-CWS', about: 'cws', userAgents: [ua('', 'Mozilla/5.0 (compatible; Google-CWS)')] }),
  fetcher({ token: 'FeedFetcher-Google', about: 'feedfetcher', userAgents: [ua('', 'FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)')] }),
  fetcher({
    token: 'Google-GeminiNotebook',
    about: 'geminiNotebook',
    userAgents: [
      ua('Mobile', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 (compatible; Google-GeminiNotebook; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook)'),
      ua('Desktop', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36 (compatible; Google-GeminiNotebook; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook)'),
    ],
    // "Former agent (supported until August 2026)".
    formerTokens: ['Google-NotebookLM'],
  }),
  fetcher({
    token: 'Google-Agent',
    about: 'googleAgent',
    userAgents: [
      ua('Mobile', 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent)'),
      ua('Desktop', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent) Chrome/W.X.Y.Z Safari/537.36'),
    ],
    // "It uses IP ranges from user-triggered-agents.json."
    ipRanges: 'user-triggered-agents',
  }),
  fetcher({ token: 'GoogleMessages', about: 'googleMessages', userAgents: [ua('', 'GoogleMessages')] }),
  fetcher({ token: 'Google-Pinpoint', about: 'pinpoint', userAgents: [ua('', 'Google-Pinpoint')] }),
  fetcher({ token: 'GoogleProducer', about: 'googleProducer', userAgents: [ua('', 'GoogleProducer; (+https://developers.google.com/search/docs/crawling-indexing/google-producer)')] }),
  fetcher({
    token: 'Google-Read-Aloud',
    about: 'readAloud',
    userAgents: [
      ua('Mobile', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 (compatible; Google-Read-Aloud; +https://support.google.com/webmasters/answer/1061943)'),
      ua('Desktop', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36 (compatible; Google-Read-Aloud; +https://support.google.com/webmasters/answer/1061943)'),
    ],
    // "Former agent (deprecated)".
    formerTokens: ['google-speakr'],
  }),
  fetcher({ token: 'Google-Site-Verification', about: 'siteVerification', userAgents: [ua('', 'Mozilla/5.0 (compatible; Google-Site-Verification/1.0)')] }),
];
