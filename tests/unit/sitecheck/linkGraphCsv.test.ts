import { describe, expect, it } from 'vitest';
import { EDGE_BLOCK, LINK_CSV_COLUMNS, linkGraphCsv, startSiteCheck, type EdgeBlock, type EdgeSpill } from '../../../lib/sitecheck';
import { LinkGraph } from '../../../lib/sitecheck/LinkGraph';
import { fakeSite, page, robots, t } from './helpers';

const O = 'https://a.example';
const text = async (pieces: AsyncIterable<string>) => {
  let s = '';
  for await (const p of pieces) s += p;
  return s;
};

describe('linkGraphCsv', () => {
  it('every link of a crawl: source, target, anchor text, nofollow (link or page), past the cut, only after rendering, offset', async () => {
    const home = '<title>Home</title><a href="/a">A, "quoted"</a> <a href="/b" rel="nofollow">B</a> <a href="mailto:x@a.example">mail</a>';
    const site = fakeSite({
      [`${O}/robots.txt`]: robots('User-agent: *\nAllow: /\n'),
      [`${O}/`]: page(home),
      [`${O}/a`]: page('<meta name="robots" content="nofollow"><a href="/">=home</a>'),
    });
    const s = await startSiteCheck({ fetchHop: site, crawl: { from: [`${O}/`] }, translate: t, generator: 't' }).done;
    const csv = (await text(linkGraphCsv(s.crawl!.graph))).split('\r\n');
    const at = (needle: string) => csv.find((l) => l.startsWith(needle));
    expect(csv[0]).toBe(LINK_CSV_COLUMNS.join(','));
    expect(csv[0]).toBe('source,target,anchor_text,nofollow,past_the_cut,only_after_rendering,offset');
    expect(csv).toHaveLength(1 + 3 + 1);
    expect(csv.at(-1)).toBe('');
    const aOffset = /^(.*?<a href="\/a")/.exec(home)![1]!.length - '<a href="/a"'.length;
    expect(at(`${O}/,${O}/a,`)).toMatch(new RegExp(`^${O}/,${O}/a,"A, ""quoted""",false,false,false,(\\d+)$`));
    // The offset is the response's (headers included): at least the body offset.
    expect(Number(at(`${O}/,${O}/a,`)!.split(',').at(-1))).toBeGreaterThanOrEqual(aOffset);
    expect(at(`${O}/,${O}/b,`)).toMatch(/,B,true,false,false,\d+$/);
    // Page-level nofollow; an anchor text a spreadsheet would run is kept as data.
    expect(at(`${O}/a,${O}/,`)).toMatch(/,'=home,true,false,false,\d+$/);
  });

  it('reads the blocks back from where they spilled, in order', async () => {
    const spilled = new Map<number, EdgeBlock>();
    const spill: EdgeSpill = {
      put: async (i, b) => void spilled.set(i, b),
      get: async (i) => spilled.get(i)!,
      clear: async () => spilled.clear(),
    };
    const g = new LinkGraph(10_000, { spill, keepBlocks: 1 });
    const a = g.node(`${O}/`);
    const b = g.node(`${O}/x`);
    const n = EDGE_BLOCK * 3 + 5;
    for (let i = 0; i < n; i++) g.edges.add(a, b, -1, i, 0);
    const lines = (await text(linkGraphCsv(g))).trimEnd().split('\r\n');
    expect(spilled.size).toBe(2);
    expect(lines).toHaveLength(n + 1);
    expect(lines.slice(1).map((l) => Number(l.split(',').at(-1)))).toEqual([...Array(n).keys()]);
  });
});
