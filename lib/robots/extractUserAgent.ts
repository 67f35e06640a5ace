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
  let out = lowered.get(s);
  if (out === undefined) {
    out = s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
    // The same few agent names are asked again and again; keep the memo small.
    if (lowered.size > 1000) lowered.clear();
    lowered.set(s, out);
  }
  return out;
}

const lowered = new Map<string, string>();
