const isAgentChar = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;

/** Google's ExtractUserAgent: the leading run of [A-Za-z_-] ("Googlebot/2.1" → "Googlebot"). */
export function extractUserAgent(value: string): string {
  let i = 0;
  while (i < value.length && isAgentChar(value.charCodeAt(i))) i++;
  return value.slice(0, i);
}

/** Google's IsValidUserAgentToObey: non-empty and made of [A-Za-z_-] only. */
export function isValidUserAgentToObey(userAgent: string): boolean {
  return userAgent.length > 0 && extractUserAgent(userAgent) === userAgent;
}

/** ASCII-only lower-casing (absl::EqualsIgnoreCase; no Unicode case folding such as K → k). */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}
