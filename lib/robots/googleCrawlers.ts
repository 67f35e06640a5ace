/**
 * The Google crawlers a robots.txt can address, with how each picks its group.
 * Sources (checked 2025): https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers,
 * …/google-special-case-crawlers, …/google-user-triggered-fetchers and …/overview-google-crawlers.
 * `W.X.Y.Z` in user-agent strings stands for the current Chrome version, as Google writes it.
 */
import type { AgentRules } from './evaluateAgents';

export interface GoogleCrawler extends AgentRules {
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

const COMMON = 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers';
const SPECIAL = 'https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers';
const OVERVIEW = 'https://developers.google.com/search/docs/crawling-indexing/overview-google-crawlers';

const ua = (label: string, value: string) => ({ label, value });

export const GOOGLE_CRAWLERS: readonly GoogleCrawler[] = [
  {
    token: 'Googlebot',
    about: 'googlebot',
    userAgents: [
      ua('Smartphone', 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
      ua('Desktop', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36'),
    ],
    fallbacks: [],
    ignoresGlobal: false,
    obeysRobotsTxt: true,
    source: COMMON,
  },
  { token: 'Googlebot-Image', about: 'googlebotImage', userAgents: [ua('', 'Googlebot-Image/1.0')], fallbacks: ['Googlebot'], ignoresGlobal: false, obeysRobotsTxt: true, source: COMMON },
  { token: 'Googlebot-Video', about: 'googlebotVideo', userAgents: [ua('', 'Googlebot-Video/1.0')], fallbacks: ['Googlebot'], ignoresGlobal: false, obeysRobotsTxt: true, source: COMMON },
  // Googlebot-News crawls with the Googlebot user-agent strings.
  { token: 'Googlebot-News', about: 'googlebotNews', userAgents: [], fallbacks: ['Googlebot'], ignoresGlobal: false, obeysRobotsTxt: true, source: COMMON },
  {
    token: 'Google-InspectionTool',
    about: 'inspectionTool',
    userAgents: [
      ua('Mobile', 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0;)'),
      ua('Desktop', 'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)'),
    ],
    fallbacks: ['Googlebot'],
    ignoresGlobal: false,
    obeysRobotsTxt: true,
    source: COMMON,
  },
  { token: 'Google-CloudVertexBot', about: 'cloudVertexBot', userAgents: [ua('', 'Google-CloudVertexBot')], fallbacks: ['Googlebot'], ignoresGlobal: false, obeysRobotsTxt: true, source: COMMON },
  {
    token: 'Storebot-Google',
    about: 'storebot',
    userAgents: [
      ua('Desktop', 'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Safari/537.36'),
      ua('Mobile', 'Mozilla/5.0 (Linux; Android 8.0; Pixel 2 Build/OPD3.170816.012; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36'),
    ],
    fallbacks: [],
    ignoresGlobal: false,
    obeysRobotsTxt: true,
    source: COMMON,
  },
  {
    token: 'GoogleOther',
    about: 'googleOther',
    userAgents: [
      ua('Mobile', 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; GoogleOther)'),
      ua('Desktop', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/W.X.Y.Z Safari/537.36'),
    ],
    fallbacks: [],
    ignoresGlobal: false,
    obeysRobotsTxt: true,
    source: COMMON,
  },
  { token: 'GoogleOther-Image', about: 'googleOtherImage', userAgents: [ua('', 'GoogleOther-Image/1.0')], fallbacks: ['GoogleOther'], ignoresGlobal: false, obeysRobotsTxt: true, source: COMMON },
  { token: 'GoogleOther-Video', about: 'googleOtherVideo', userAgents: [ua('', 'GoogleOther-Video/1.0')], fallbacks: ['GoogleOther'], ignoresGlobal: false, obeysRobotsTxt: true, source: COMMON },
  // A control token only: no request carries it. It decides whether content Google crawls may be
  // used to train and ground Gemini models; it has no effect on Google Search.
  { token: 'Google-Extended', about: 'googleExtended', userAgents: [], fallbacks: [], ignoresGlobal: false, obeysRobotsTxt: true, control: true, source: COMMON },
  { token: 'AdsBot-Google', about: 'adsBot', userAgents: [ua('', 'AdsBot-Google (+http://www.google.com/adsbot.html)')], fallbacks: [], ignoresGlobal: true, obeysRobotsTxt: true, source: SPECIAL },
  {
    token: 'AdsBot-Google-Mobile',
    about: 'adsBotMobile',
    userAgents: [ua('', 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)')],
    fallbacks: [],
    ignoresGlobal: true,
    obeysRobotsTxt: true,
    source: SPECIAL,
  },
  { token: 'Mediapartners-Google', about: 'mediapartners', userAgents: [ua('', 'Mediapartners-Google')], fallbacks: [], ignoresGlobal: true, obeysRobotsTxt: true, source: SPECIAL },
  { token: 'APIs-Google', about: 'apisGoogle', userAgents: [ua('', 'APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)')], fallbacks: [], ignoresGlobal: true, obeysRobotsTxt: true, source: SPECIAL },
  { token: 'Google-Safety', about: 'googleSafety', userAgents: [ua('', 'Google-Safety')], fallbacks: [], ignoresGlobal: false, obeysRobotsTxt: false, source: OVERVIEW },
];
