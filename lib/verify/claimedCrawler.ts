/** The Google crawlers and fetchers a user-agent can claim to be, told apart by their tokens. */
export const CLAIMED_CRAWLERS = [
  'googlebotSmartphone',
  'googlebotDesktop',
  'googlebotImage',
  'googlebotVideo',
  'googlebotNews',
  'storebot',
  'inspectionTool',
  'googleOther',
  'cloudVertexBot',
  'adsBotMobile',
  'adsBot',
  'mediapartners',
  'apisGoogle',
  'feedfetcher',
  'readAloud',
  'siteVerification',
  'googleProducer',
  'googleSafety',
  'cws',
  'geminiNotebook',
  'googleAgent',
  'googleMessages',
  'pinpoint',
] as const;

export type ClaimedCrawler = (typeof CLAIMED_CRAWLERS)[number];

// Longer tokens first: "Googlebot-Image" also contains "Googlebot".
const TOKENS: [string, ClaimedCrawler][] = [
  ['googlebot-image', 'googlebotImage'],
  ['googlebot-video', 'googlebotVideo'],
  ['googlebot-news', 'googlebotNews'],
  ['adsbot-google-mobile', 'adsBotMobile'],
  ['adsbot-google', 'adsBot'],
  ['mediapartners-google', 'mediapartners'],
  ['storebot-google', 'storebot'],
  ['google-inspectiontool', 'inspectionTool'],
  ['googleother', 'googleOther'],
  ['google-cloudvertexbot', 'cloudVertexBot'],
  ['apis-google', 'apisGoogle'],
  ['feedfetcher-google', 'feedfetcher'],
  ['google-read-aloud', 'readAloud'],
  ['google-site-verification', 'siteVerification'],
  ['googleproducer', 'googleProducer'],
  ['google-safety', 'googleSafety'],
  // Google's user-triggered fetchers (lib/robots GOOGLE_FETCHERS), former names included.
  ['google-cws', 'cws'],
  ['google-gemininotebook', 'geminiNotebook'],
  ['google-notebooklm', 'geminiNotebook'],
  ['google-agent', 'googleAgent'],
  ['googlemessages', 'googleMessages'],
  ['google-pinpoint', 'pinpoint'],
  ['google-speakr', 'readAloud'],
];

// Every token names Google (google-speakr too).
const MENTIONS_GOOGLE = /google/i;

/**
 * Which Google crawler a user-agent claims to be, or null. Googlebot Smartphone and Desktop share
 * the `Googlebot/2.1` token; the smartphone one runs a mobile Chrome ("Android … Mobile").
 */
export function claimedCrawler(userAgent: string): ClaimedCrawler | null {
  if (!MENTIONS_GOOGLE.test(userAgent)) return null;
  const ua = userAgent.toLowerCase();
  for (const [token, key] of TOKENS) if (ua.includes(token)) return key;
  if (ua.includes('googlebot')) {
    return ua.includes('mobile') || ua.includes('android') ? 'googlebotSmartphone' : 'googlebotDesktop';
  }
  return null;
}
