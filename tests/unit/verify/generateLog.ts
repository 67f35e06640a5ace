/**
 * A deterministic access log for the tests. Line i (0-based) is chosen by i % 20:
 *  0–2  Googlebot Smartphone from 66.249.66.1 (in common-crawlers)   → real, path /
 *  3–4  Googlebot Desktop from 66.249.66.2 (in common-crawlers)      → real, path /about
 *  5    Googlebot Smartphone from 45.83.64.10 (PTR scraper.example.net) → fake, /wp-login.php
 *  6    Googlebot Desktop from 45.83.64.11 (forged PTR, forward differs) → fake, /wp-login.php
 *  7    Googlebot-Image from 2001:4860:4801:10::1 (in common-crawlers) → real, /img/logo.png
 *  8    AdsBot-Google from 203.0.113.9 (reserved)                     → unverified, /landing
 *  9    Googlebot Smartphone from 52.1.2.3 (resolver fails)           → unverified, /
 *  10–17 a browser from 93.184.216.(i % 50)
 *  18   junk
 *  19   blank when i % 40 === 19, else a common-format line (no user-agent)
 * Times start at 21/Aug/2026:10:00:00 +0200 (08:00 UTC), one line a minute. Google lines get
 * status 200 when i % 100 < 50, else 304, and i % 20 + 1000 bytes.
 */
export const SMARTPHONE_UA =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.7204.183 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const DESKTOP_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/138.0.7204.183 Safari/537.36';
const IMAGE_UA = 'Googlebot-Image/1.0';
const ADSBOT_UA = 'AdsBot-Google (+http://www.google.com/adsbot.html)';
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const GOOGLE: [string, string, string][] = [
  ['66.249.66.1', SMARTPHONE_UA, '/'],
  ['66.249.66.1', SMARTPHONE_UA, '/'],
  ['66.249.66.1', SMARTPHONE_UA, '/'],
  ['66.249.66.2', DESKTOP_UA, '/about'],
  ['66.249.66.2', DESKTOP_UA, '/about'],
  ['45.83.64.10', SMARTPHONE_UA, '/wp-login.php'],
  ['45.83.64.11', DESKTOP_UA, '/wp-login.php'],
  ['2001:4860:4801:10::1', IMAGE_UA, '/img/logo.png'],
  ['203.0.113.9', ADSBOT_UA, '/landing'],
  ['52.1.2.3', SMARTPHONE_UA, '/'],
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const START_UTC = Date.UTC(2026, 7, 21, 8, 0, 0);
const pad = (n: number) => String(n).padStart(2, '0');

function clfTime(i: number): string {
  // Written in +0200, as a server in Central Europe would.
  const d = new Date(START_UTC + i * 60_000 + 2 * 3_600_000);
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0200`;
}

export function logLine(i: number): string {
  const r = i % 20;
  const time = clfTime(i);
  if (r < 10) {
    const [ip, ua, path] = GOOGLE[r];
    const status = i % 100 < 50 ? 200 : 304;
    return `${ip} - - [${time}] "GET ${path} HTTP/1.1" ${status} ${1000 + r} "-" "${ua}"`;
  }
  if (r < 18) return `93.184.216.${i % 50} - - [${time}] "GET /shop/item-${i} HTTP/2.0" 200 5120 "https://example.com/" "${BROWSER_UA}"`;
  if (r === 18) return `### junk line ${i} ###`;
  if (i % 40 === 19) return '';
  return `93.184.216.7 - frank [${time}] "GET /plain HTTP/1.0" 200 2326`;
}

export function generateLog(lines: number): string {
  let out = '';
  for (let i = 0; i < lines; i++) out += `${logLine(i)}\n`;
  return out;
}

/** `n` pseudo-random bytes from a fixed seed (xorshift32): the same bytes on every run. */
export function randomBytes(n: number, seed = 0x2545f491): Uint8Array {
  const bytes = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}
