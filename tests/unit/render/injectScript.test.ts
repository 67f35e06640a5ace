import { describe, expect, it } from 'vitest';
import { cspAllowingScript, injectScriptAtStart } from '../../../lib/render/injectScript';
import { resourceKindOfWebRequest } from '../../../lib/render/renderPolicy';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

describe('injectScriptAtStart', () => {
  it('goes after the doctype (no quirks mode), before the page’s own markup', () => {
    const got = injectScriptAtStart(enc('<!DOCTYPE html>\n<html><head><script>page()</script>'), 'shim()');
    expect(got.injected).toBe(true);
    expect(dec(got.bytes)).toBe('<!DOCTYPE html><script>shim()</script>\n<html><head><script>page()</script>');
  });
  it('goes after a UTF-8 byte-order mark; first when there is no doctype; a closing tag inside is escaped', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('<p>x')]);
    expect([...injectScriptAtStart(bom, 'a').bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(dec(injectScriptAtStart(enc('<p>x'), 'a("</script>")').bytes)).toBe('<script>a("<\\/script>")</script><p>x');
  });
  it('leaves a UTF-16 document alone', () => {
    const body = new Uint8Array([0xff, 0xfe, 0x3c, 0x00]);
    expect(injectScriptAtStart(body, 'a')).toEqual({ bytes: body, injected: false });
  });
});

describe('cspAllowingScript', () => {
  const h = 'sha256-abc=';
  it('adds the hash to the directive that governs scripts', () => {
    expect(cspAllowingScript("script-src 'self'; img-src *", h)).toBe("script-src 'self' 'sha256-abc='; img-src *");
    expect(cspAllowingScript("default-src 'self'", h)).toBe("default-src 'self'; script-src 'self' 'sha256-abc='");
    expect(cspAllowingScript("script-src 'none'", h)).toBe("script-src 'sha256-abc='");
    expect(cspAllowingScript("script-src-elem 'self'; script-src 'self'", h)).toBe("script-src-elem 'self' 'sha256-abc='; script-src 'self'");
  });
  it('leaves alone a policy that allows inline scripts already, or restricts none', () => {
    expect(cspAllowingScript("script-src 'self' 'unsafe-inline'", h)).toBe("script-src 'self' 'unsafe-inline'");
    expect(cspAllowingScript('img-src *', h)).toBe('img-src *');
  });
  it('adds it where unsafe-inline is already off (a nonce)', () => {
    expect(cspAllowingScript("script-src 'unsafe-inline' 'nonce-x'", h)).toBe("script-src 'unsafe-inline' 'nonce-x' 'sha256-abc='");
  });
});

describe('resourceKindOfWebRequest', () => {
  it('maps Firefox’s types to the render’s kinds', () => {
    expect(['main_frame', 'sub_frame', 'script', 'stylesheet', 'xmlhttprequest', 'imageset', 'media', 'font', 'beacon', 'websocket', 'object'].map(resourceKindOfWebRequest)).toEqual([
      'document', 'document', 'script', 'stylesheet', 'xhr', 'image', 'media', 'font', 'ping', 'websocket', 'other',
    ]);
  });
});
