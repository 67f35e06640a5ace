/**
 * The document's bytes with an inline `<script>` placed before everything the page has, so that it
 * runs before the page's own scripts (Firefox has no "evaluate on new document" for a web
 * extension that reliably runs first; see entrypoints/background/renderInFirefox.ts). It goes after
 * a byte-order mark and a leading `<!doctype …>` (a script before the doctype would put the page in
 * quirks mode); the parser moves it into the head. The script is ASCII, so it is the same bytes in
 * every ASCII-compatible encoding; UTF-16 documents (a UTF-16 byte-order mark) get nothing.
 */
export function injectScriptAtStart(body: Uint8Array, source: string): { bytes: Uint8Array; injected: boolean } {
  if ((body[0] === 0xfe && body[1] === 0xff) || (body[0] === 0xff && body[1] === 0xfe)) return { bytes: body, injected: false };
  let at = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  // Only the first bytes are looked at: a doctype is short, and hostile input must not cost more.
  const head = new TextDecoder('latin1').decode(body.subarray(at, at + 1024));
  const m = /^\s*<!doctype[^>]*>/i.exec(head);
  if (m) at += m[0].length;
  const tag = new TextEncoder().encode(`<script>${source.replace(/<\/(script)/gi, '<\\/$1')}</script>`);
  const out = new Uint8Array(body.length + tag.length);
  out.set(body.subarray(0, at), 0);
  out.set(tag, at);
  out.set(body.subarray(at), at + tag.length);
  return { bytes: out, injected: true };
}

/**
 * A Content-Security-Policy header value that also lets one inline script run, given by its hash
 * source ('sha256-…'): added to the directive that governs script elements (script-src-elem, else
 * script-src, else default-src). Left as it is when that directive already allows inline scripts
 * with 'unsafe-inline' and no nonce or hash (a hash would switch 'unsafe-inline' off), or when no
 * directive restricts scripts.
 */
export function cspAllowingScript(value: string, hashSource: string): string {
  const parts = value.split(';');
  const names = parts.map((p) => p.trim().split(/\s+/)[0]?.toLowerCase() ?? '');
  const pick = ['script-src-elem', 'script-src', 'default-src'].map((n) => names.indexOf(n)).find((i) => i >= 0);
  if (pick === undefined) return value;
  const tokens = parts[pick]!.trim().split(/\s+/);
  const sources = tokens.slice(1).map((t) => t.toLowerCase());
  const inlineOk = sources.includes("'unsafe-inline'") && !sources.some((t) => /^'(nonce-|sha(256|384|512)-)/.test(t) || t === "'strict-dynamic'");
  if (inlineOk) return value;
  const directive = names[pick] === 'default-src' ? ['script-src', ...tokens.slice(1).filter((t) => t.toLowerCase() !== "'none'")] : tokens.filter((t, i) => i === 0 || t.toLowerCase() !== "'none'");
  const next = `${directive.join(' ')} '${hashSource}'`;
  return names[pick] === 'default-src' ? `${value.replace(/;?\s*$/, '')}; ${next}` : parts.map((p, i) => (i === pick ? ` ${next}` : p)).join(';').trim();
}
