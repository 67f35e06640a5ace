export interface HostnameVerdict {
  /** The name, lower-cased, without the trailing dot. */
  host: string;
  /** Inside the documented domains checked: googlebot.com, google.com or googleusercontent.com for Google (another operator's for its crawler: verifyCrawlerIp). */
  googleDomain: boolean;
  /** The range-file key the name pattern points to, or null when only the domain is Google's. */
  category: string | null;
}

const GOOGLE_DOMAINS = ['googlebot.com', 'google.com', 'googleusercontent.com'];

function inDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * What a reverse-DNS name says, by Google's documented patterns: crawl-…googlebot.com and
 * geo-crawl-…geo.googlebot.com = common crawlers, rate-limited-proxy-….google.com = special-case
 * crawlers, …gae.googleusercontent.com = user-triggered fetchers, google-proxy-….google.com =
 * user-triggered fetchers run by Google.
 */
export function hostnameCategory(name: string): HostnameVerdict {
  const host = name.trim().toLowerCase().replace(/\.$/, '');
  const googleDomain = GOOGLE_DOMAINS.some((d) => inDomain(host, d));
  let category: string | null = null;
  if (googleDomain) {
    const label = host.split('.', 1)[0];
    if (inDomain(host, 'googlebot.com') && (label.startsWith('crawl-') || label.startsWith('geo-crawl-'))) {
      category = 'common-crawlers';
    } else if (inDomain(host, 'google.com') && label.startsWith('rate-limited-proxy-')) {
      category = 'special-crawlers';
    } else if (inDomain(host, 'gae.googleusercontent.com')) {
      category = 'user-triggered-fetchers';
    } else if (inDomain(host, 'google.com') && label.startsWith('google-proxy-')) {
      category = 'user-triggered-fetchers-google';
    }
  }
  return { host, googleDomain, category };
}
