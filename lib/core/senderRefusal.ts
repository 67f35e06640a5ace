import type { SenderClass, SenderKind, SenderRefusal } from './classifySender';

const WHO: Record<string, string> = {
  page: "Crawlscope's own pages",
  content: "Crawlscope's content script",
  'content,page': "Crawlscope's own pages or its content script",
};

const FROM: Record<SenderKind | SenderRefusal, string> = {
  page: "one of Crawlscope's own pages",
  content: 'a content script',
  noId: 'a sender without an extension id',
  otherExtension: 'another extension',
  foreignPage: "another extension's page",
  noUrl: 'a context without an address',
  noTab: 'a web page outside any tab',
  subframe: 'a frame that is not the top frame of its tab',
};

/**
 * Why a message is refused, as the error its sender gets back, or null when `sender` may send it:
 * e.g. `Refused: "compareAgents" may only be sent from Crawlscope's own pages; this came from a
 * content script.` Protocol errors for developers (no legitimate use of Crawlscope meets one), so
 * they are not translated.
 */
export function senderRefusal(type: string, allowed: readonly SenderKind[], sender: SenderClass): string | null {
  if (sender.ok && allowed.includes(sender.kind)) return null;
  const who = WHO[[...allowed].sort().join(',')] ?? 'nowhere';
  return `Refused: "${type}" may only be sent from ${who}; this came from ${FROM[sender.ok ? sender.kind : sender.why]}.`;
}
