// Structured data of the HTML as served (before any script ran), judged here in the tab: read from
// the same read of the document that finds the cut and the served signals (pageRead.ts) — the cut
// found as Googlebot finds it (the response's header bytes, the user's limit), every item placed at
// its byte; microdata and RDFa through the browser's parser — then judged by the validator, which
// this script carries. The popup gets the judgement as one string (packJudgement), not the extract:
// judging in the popup meant the validator's chunk loaded and ran cold in every new popup (on the
// 500 kB JSON-LD demo page, 47–57 ms of the popup's time). The judgement is kept with the read (15
// s, for a popup opened again).
import { loadStructuredValidator, packJudgement, type PackedJudgement } from '../../lib/structured';
import { readPage, type PageRead } from './pageRead';

const judged = new WeakMap<PageRead, PackedJudgement>();

export async function structuredServed({ headerBytes, limit, now }: { headerBytes: number; limit: number; now: number }): Promise<PackedJudgement> {
  const got = await readPage(location.href.split('#')[0]!, headerBytes, limit);
  const kept = judged.get(got);
  if (kept) return kept;
  const ex = got.structured();
  let packed: PackedJudgement;
  if (!ex.items.length && !ex.problems.length) packed = packJudgement({ items: [], problems: [], signatures: [], vocabulary: '' });
  else {
    // Inlined in this script (an injected script has no chunks to load): the import runs the validator's module once.
    const { judgeServed } = await loadStructuredValidator();
    packed = packJudgement(judgeServed(ex, now, ex.cutResponseByte, true));
  }
  judged.set(got, packed);
  return packed;
}
