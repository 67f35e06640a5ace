import { NOT_DOCUMENTED, type CrawlerEntry, type Fact } from './types';

/*
 * The crawlers other than Google's that read a site, with the operator's own page as the source of
 * every fact (read 2026 through stored copies: the operator's page where it was stored, otherwise
 * its text as quoted by the pages named in README.md "Who else may read this page"). Where the
 * operator's page does not say something, the fact is NOT_DOCUMENTED — never a guess.
 * Google's crawlers, Google-Extended included, are lib/robots/googleCrawlers.ts.
 *
 * Cross-checked (not sourced) against the community list ai-robots-txt/ai.robots.txt (MIT,
 * robots.json): it names these tokens too; where it differs from an operator (it lists
 * ChatGPT-User as respecting robots.txt), the operator's page is what this catalog says.
 */

const OPENAI = 'https://developers.openai.com/api/docs/bots';
const ANTHROPIC = 'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler';
const PERPLEXITY = 'https://docs.perplexity.ai/docs/resources/perplexity-crawlers';
const APPLE = 'https://support.apple.com/en-us/119829';
const BING = 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0';
const BING_VERIFY = 'https://www.bing.com/webmasters/help/how-to-verify-bingbot-3905dc26';
const COMMON_CRAWL = 'https://commoncrawl.org/ccbot';
const COMMON_CRAWL_FAQ = 'https://commoncrawl.org/faq';
const AMAZON = 'https://developer.amazon.com/amazonbot';
const META = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers';
const DUCKDUCKGO = 'https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot';
/** RFC 9309 §2.3.1.4: an unreachable robots.txt (5xx) means complete disallow — for every crawler that says it follows the standard and documents nothing else. */
const RFC_UNREACHABLE = 'https://www.rfc-editor.org/rfc/rfc9309#section-2.3.1.4';
/** ByteDance publishes no page about Bytespider: the only reference is the community list's entry. */
const BYTESPIDER_REFERENCE = 'https://github.com/ai-robots-txt/ai.robots.txt';

const fact = <T>(value: T, source: string): Fact<T> => ({ value, source });
const none = <T>(source: string): Fact<T> => ({ value: NOT_DOCUMENTED, source });
const ua = (label: string, value: string) => ({ label, value });
const rfc = fact('disallow-all' as const, RFC_UNREACHABLE);

export const CRAWLER_CATALOG: readonly CrawlerEntry[] = [
  // OpenAI: "Each setting is independent of the others."
  {
    token: 'GPTBot',
    about: 'gptbot',
    operator: 'OpenAI',
    docs: OPENAI,
    purpose: fact('training', OPENAI),
    robots: fact('follows', OPENAI),
    fallbacks: fact([], OPENAI),
    unreachable: rfc,
    javascript: none(OPENAI),
    userAgents: fact([ua('', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot')], OPENAI),
    ipList: fact('https://openai.com/gptbot.json', OPENAI),
    reverseDns: none(OPENAI),
  },
  {
    token: 'OAI-SearchBot',
    about: 'oaiSearchBot',
    operator: 'OpenAI',
    docs: OPENAI,
    purpose: fact('ai-search', OPENAI),
    robots: fact('follows', OPENAI),
    fallbacks: fact([], OPENAI),
    unreachable: rfc,
    javascript: none(OPENAI),
    userAgents: fact(
      [ua('', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot')],
      OPENAI,
    ),
    ipList: fact('https://openai.com/searchbot.json', OPENAI),
    reverseDns: none(OPENAI),
  },
  // "Because these actions are initiated by a user, robots.txt rules may not apply."
  {
    token: 'ChatGPT-User',
    about: 'chatgptUser',
    operator: 'OpenAI',
    docs: OPENAI,
    purpose: fact('user-triggered', OPENAI),
    robots: fact('may-not-apply', OPENAI),
    fallbacks: fact([], OPENAI),
    unreachable: none(OPENAI),
    javascript: none(OPENAI),
    userAgents: fact([ua('', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot')], OPENAI),
    ipList: fact('https://openai.com/chatgpt-user.json', OPENAI),
    reverseDns: none(OPENAI),
  },
  // Anthropic: its bots "honor" robots.txt (Disallow, and the non-standard Crawl-delay), per subdomain.
  // The page gives no User-Agent strings, and no IP-list address (the stored copy speaks of "this list" without one).
  {
    token: 'ClaudeBot',
    about: 'claudeBot',
    operator: 'Anthropic',
    docs: ANTHROPIC,
    purpose: fact('training', ANTHROPIC),
    robots: fact('follows', ANTHROPIC),
    fallbacks: fact([], ANTHROPIC),
    unreachable: rfc,
    javascript: none(ANTHROPIC),
    userAgents: none(ANTHROPIC),
    ipList: none(ANTHROPIC),
    reverseDns: none(ANTHROPIC),
  },
  {
    token: 'Claude-SearchBot',
    about: 'claudeSearchBot',
    operator: 'Anthropic',
    docs: ANTHROPIC,
    purpose: fact('ai-search', ANTHROPIC),
    robots: fact('follows', ANTHROPIC),
    fallbacks: fact([], ANTHROPIC),
    unreachable: rfc,
    javascript: none(ANTHROPIC),
    userAgents: none(ANTHROPIC),
    ipList: none(ANTHROPIC),
    reverseDns: none(ANTHROPIC),
  },
  // "Claude-User allows site owners to control which sites can be accessed through these user-initiated requests."
  {
    token: 'Claude-User',
    about: 'claudeUser',
    operator: 'Anthropic',
    docs: ANTHROPIC,
    purpose: fact('user-triggered', ANTHROPIC),
    robots: fact('follows', ANTHROPIC),
    fallbacks: fact([], ANTHROPIC),
    unreachable: rfc,
    javascript: none(ANTHROPIC),
    userAgents: none(ANTHROPIC),
    ipList: none(ANTHROPIC),
    reverseDns: none(ANTHROPIC),
  },
  // Perplexity: PerplexityBot "is not used to crawl content for AI foundation models".
  {
    token: 'PerplexityBot',
    about: 'perplexityBot',
    operator: 'Perplexity',
    docs: PERPLEXITY,
    purpose: fact('ai-search', PERPLEXITY),
    robots: fact('follows', PERPLEXITY),
    fallbacks: fact([], PERPLEXITY),
    unreachable: rfc,
    javascript: none(PERPLEXITY),
    userAgents: fact([ua('', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)')], PERPLEXITY),
    ipList: fact('https://www.perplexity.com/perplexitybot.json', PERPLEXITY),
    reverseDns: none(PERPLEXITY),
  },
  // "Since a user requested the fetch, this fetcher generally ignores robots.txt rules."
  {
    token: 'Perplexity-User',
    about: 'perplexityUser',
    operator: 'Perplexity',
    docs: PERPLEXITY,
    purpose: fact('user-triggered', PERPLEXITY),
    robots: fact('may-not-apply', PERPLEXITY),
    fallbacks: fact([], PERPLEXITY),
    unreachable: none(PERPLEXITY),
    javascript: none(PERPLEXITY),
    userAgents: fact([ua('', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)')], PERPLEXITY),
    ipList: fact('https://www.perplexity.com/perplexity-user.json', PERPLEXITY),
    reverseDns: none(PERPLEXITY),
  },
  // Apple: "If robots instructions don't mention Applebot but do mention Googlebot, the Apple robot
  // will follow Googlebot instructions." It renders ("sub resources needed to render pages such as JavaScript").
  {
    token: 'Applebot',
    about: 'applebot',
    operator: 'Apple',
    docs: APPLE,
    purpose: fact('search', APPLE),
    robots: fact('follows-with-fallback', APPLE),
    fallbacks: fact(['Googlebot'], APPLE),
    unreachable: rfc,
    javascript: fact(true, APPLE),
    userAgents: fact(
      [ua('desktop', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)')],
      APPLE,
    ),
    ipList: fact('https://search.developer.apple.com/applebot.json', APPLE),
    reverseDns: fact(['applebot.apple.com'], APPLE),
  },
  // "Applebot-Extended does not crawl webpages": it decides whether Applebot's data may train Apple's foundation models.
  {
    token: 'Applebot-Extended',
    about: 'applebotExtended',
    operator: 'Apple',
    docs: APPLE,
    purpose: fact('control-token', APPLE),
    robots: fact('follows', APPLE),
    fallbacks: fact([], APPLE),
    unreachable: rfc,
    javascript: fact(false, APPLE),
    userAgents: fact([], APPLE),
    ipList: none(APPLE),
    reverseDns: none(APPLE),
  },
  // Bing renders with Microsoft Edge; verification: reverse DNS in search.msn.com, and bingbot.json.
  {
    token: 'bingbot',
    about: 'bingbot',
    operator: 'Microsoft',
    docs: BING,
    purpose: fact('search', BING),
    robots: fact('follows', BING),
    fallbacks: fact([], BING),
    unreachable: rfc,
    javascript: fact(true, BING),
    userAgents: fact([ua('', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')], BING),
    ipList: fact('https://www.bing.com/toolbox/bingbot.json', BING_VERIFY),
    reverseDns: fact(['search.msn.com'], BING_VERIFY),
  },
  // Common Crawl: its open corpus feeds many training sets. "Currently, JavaScript is not executed and Cookies are not used."
  {
    token: 'CCBot',
    about: 'ccbot',
    operator: 'Common Crawl',
    docs: COMMON_CRAWL,
    purpose: fact('training', COMMON_CRAWL),
    robots: fact('follows', COMMON_CRAWL_FAQ),
    fallbacks: fact([], COMMON_CRAWL),
    unreachable: rfc,
    javascript: fact(false, COMMON_CRAWL_FAQ),
    userAgents: fact([ua('', 'CCBot/2.0 (https://commoncrawl.org/faq/)')], COMMON_CRAWL_FAQ),
    ipList: fact('https://index.commoncrawl.org/ccbot.json', COMMON_CRAWL),
    reverseDns: fact(['crawl.commoncrawl.org'], COMMON_CRAWL),
  },
  // Amazon: honours RFC 9309; when robots.txt cannot be fetched it tries again or uses a copy up
  // to 30 days old, and "if both these approaches fail, Amazonbot will behave as if robots.txt
  // does not exist and will crawl the site". Its crawled data may train large language models
  // (the NOARCHIVE meta tag opts out of that).
  {
    token: 'Amazonbot',
    about: 'amazonbot',
    operator: 'Amazon',
    docs: AMAZON,
    purpose: fact('training', AMAZON),
    robots: fact('follows', AMAZON),
    fallbacks: fact([], AMAZON),
    unreachable: fact('crawl', AMAZON),
    javascript: none(AMAZON),
    // As the page writes it, less a backslash before the comma (an escape of the page's markup).
    userAgents: fact(
      [ua('', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)')],
      AMAZON,
    ),
    ipList: none(AMAZON),
    reverseDns: fact(['crawl.amazonbot.amazon'], AMAZON),
  },
  {
    token: 'Meta-ExternalAgent',
    about: 'metaExternalAgent',
    operator: 'Meta',
    docs: META,
    purpose: fact('training', META),
    robots: fact('follows', META),
    fallbacks: fact([], META),
    unreachable: rfc,
    javascript: none(META),
    userAgents: fact([ua('', 'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)')], META),
    ipList: none(META),
    reverseDns: none(META),
  },
  // ByteDance documents nothing about Bytespider: every fact is NOT_DOCUMENTED; the row is judged
  // by the file as RFC 9309 reads it, and says that its operator states nothing.
  {
    token: 'Bytespider',
    about: 'bytespider',
    operator: 'ByteDance',
    docs: BYTESPIDER_REFERENCE,
    purpose: none(BYTESPIDER_REFERENCE),
    robots: none(BYTESPIDER_REFERENCE),
    fallbacks: none(BYTESPIDER_REFERENCE),
    unreachable: none(BYTESPIDER_REFERENCE),
    javascript: none(BYTESPIDER_REFERENCE),
    userAgents: none(BYTESPIDER_REFERENCE),
    ipList: none(BYTESPIDER_REFERENCE),
    reverseDns: none(BYTESPIDER_REFERENCE),
  },
  // "crawls pages in real-time for answers generated by DuckAssist … This data is not used in any way to train AI models."
  // Its addresses are listed on the page itself, not in a JSON file.
  {
    token: 'DuckAssistBot',
    about: 'duckAssistBot',
    operator: 'DuckDuckGo',
    docs: DUCKDUCKGO,
    purpose: fact('ai-search', DUCKDUCKGO),
    robots: fact('follows', DUCKDUCKGO),
    fallbacks: fact([], DUCKDUCKGO),
    unreachable: rfc,
    javascript: none(DUCKDUCKGO),
    userAgents: fact([ua('', 'DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)')], DUCKDUCKGO),
    ipList: none(DUCKDUCKGO),
    reverseDns: none(DUCKDUCKGO),
  },
];
