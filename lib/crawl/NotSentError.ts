/**
 * A request this side never sent — the browser withheld it for a reason of the tool's own (the
 * user withdrew Crawlscope's access to the site) — as opposed to a server that did not answer.
 * A HopFetcher rejects with it so that no caller turns the tool's own missing access into the
 * site's answer: robots.txt "unreachable" (Google: disallow all) would be a wrong verdict, and
 * caching it would keep that wrong verdict after the access is given back.
 */
export class NotSentError extends Error {
  readonly code: 'no-host-access';
  readonly url: string;
  constructor(url: string, code: 'no-host-access' = 'no-host-access') {
    super(`Crawlscope may not read ${url}: access to the site is withdrawn in the browser's settings.`);
    this.name = 'NotSentError';
    this.code = code;
    this.url = url;
  }
}

/** True for a NotSentError, also one that crossed a realm or a message boundary (by name). */
export const isNotSent = (err: unknown): err is NotSentError => err instanceof NotSentError || (err instanceof Error && err.name === 'NotSentError');
