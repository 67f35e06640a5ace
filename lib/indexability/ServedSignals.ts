import { ANC, domText, HTML, RegionFold, textStats, type El, type HtmlSink, type Region, type TextRun } from '../html';
import type { TextStats } from '../html';
import { MAX_TAGS, tagInfoOf } from './collectSignals';
import type { PageSignals, TagInfo } from './types';

/** How much of the title and the first <h1> is kept (collectSignals keeps 300 characters). */
const KEEP = 300;

/** The body's text as trim() sees it: its length, and the whitespace it starts and ends with. */
interface TextSum {
  length: number;
  lead: number;
  trail: number;
  nonWs: boolean;
}
const appendSum = (into: TextSum, next: TextSum) => {
  if (!into.nonWs) into.lead = into.length + next.lead;
  into.trail = next.nonWs ? next.trail : into.trail + next.length;
  into.length += next.length;
  into.nonWs ||= next.nonWs;
};

/** A title or first <h1>: the element, and (the title's) text so far. */
interface Candidate {
  el: El;
  text: string;
  /** Whitespace was the last thing seen (the title's whitespace collapses). */
  ws: boolean;
}

/**
 * Part of an h1's text, trim()-aware and capped: the whitespace it starts with, then from its
 * first other character up to KEEP characters, and whether more than whitespace follows.
 */
interface HeadText {
  lead: string;
  body: string;
  more: boolean;
}
const headTextOf = (t: string): HeadText => {
  const body = t.trimStart();
  return { lead: t.slice(0, Math.min(KEEP, t.length - body.length)), body: body.slice(0, KEEP), more: body.length > KEEP && body.slice(KEEP).trim() !== '' };
};
const appendHeadText = (a: HeadText, b: HeadText): void => {
  if (a.body === '') {
    a.lead = (a.lead + b.lead).slice(0, KEEP);
    a.body = b.body;
    a.more = b.more;
    return;
  }
  if (a.more) return;
  const joined = a.body + b.lead + b.body;
  a.body = joined.slice(0, KEEP);
  a.more = b.more || (joined.length > KEEP && joined.slice(KEEP).trim() !== '');
};

/** One region's facts in tree order. */
interface Acc {
  tags: TagInfo[];
  title: Candidate | null;
  h1: Candidate | null;
  /** Text of first-<h1> candidates that went into this region. */
  h1Text: Map<El, HeadText>;
  body: TextSum;
}

const collapse = /[\t\n\f\r ]+/g;

/**
 * The indexability signals of served HTML — robots meta tags, meta refresh, canonical and
 * alternate links, <base>, the title, the first <h1>, the length of the body's text — read from
 * lib/html's reader as the document streams by: no tree, no copy of the page's text. The facts
 * are those a DOM parser gives (collectSignals on parse5's tree is the reference the tests hold
 * it to), in tree order: content the parser moves before a table comes before the table's.
 *
 * Memory: at most 2,000 tags, 300 characters of title and heading, a few numbers — per table
 * still open (regions), as the document's tree order needs.
 */
export class ServedSignals implements HtmlSink {
  private readonly fold = new RegionFold<Acc>(
    () => ({ tags: [], title: null, h1: null, h1Text: new Map(), body: { length: 0, lead: 0, trail: 0, nonWs: false } }),
    (into, next) => {
      for (const t of next.tags) if (into.tags.length < MAX_TAGS) into.tags.push(t);
      into.title ??= next.title;
      into.h1 ??= next.h1;
      for (const [el, t] of next.h1Text) {
        const mine = into.h1Text.get(el);
        if (mine) appendHeadText(mine, t);
        else into.h1Text.set(el, t);
      }
      appendSum(into.body, next.body);
    },
  );
  private root: Region | null = null;
  /** Titles and h1s still open whose text is being read. */
  private readonly reading = new Map<El, Candidate>();
  private bodyExists = false;
  private bodyGone = false;
  private readonly stats: TextStats = { length: 0, lead: 0, trail: 0, nonWs: false };
  private readonly sum: TextSum = { length: 0, lead: 0, trail: 0, nonWs: false };

  open(el: El): void {
    this.root ??= rootOf(el.region);
    if (el.ns !== HTML || el.inTemplate) return;
    const name = el.name;
    if (name === 'body') this.bodyExists = true;
    else if (name === 'title' || name === 'h1') {
      const acc = this.fold.at(el.region);
      const c: Candidate = { el, text: '', ws: false };
      if (name === 'title' && acc.title === null) {
        acc.title = c;
        this.reading.set(el, c);
      } else if (name === 'h1' && acc.h1 === null) {
        acc.h1 = c;
        this.reading.set(el, c);
      }
    } else if (name === 'meta' || name === 'link' || name === 'base') {
      const acc = this.fold.at(el.region);
      if (acc.tags.length >= MAX_TAGS || !el.tag) return;
      const attrs = el.tag.attrs;
      const info = tagInfoOf(name, (n) => attrs.find((a) => a.name === n)?.value ?? null, (el.anc & ANC.body) !== 0);
      if (info) acc.tags.push(info);
    }
  }

  close(el: El): void {
    if (this.reading.size) this.reading.delete(el);
  }

  text(r: TextRun): void {
    if (r.inTemplate) return;
    const parent = r.parent;
    const anc = parent.anc | (parent.ns === HTML ? (parent.name === 'h1' ? ANC.h1 : parent.name === 'title' ? ANC.title : parent.name === 'body' ? ANC.body : 0) : 0);
    if (anc & ANC.body || (parent.ns === HTML && parent.name === 'body')) {
      const st = textStats(r, this.stats);
      if (st.length > 0) {
        const s = this.sum;
        s.length = st.length;
        s.lead = st.lead;
        s.trail = st.trail;
        s.nonWs = st.nonWs;
        appendSum(this.fold.at(r.region).body, s);
      }
    }
    if (this.reading.size === 0 || !(anc & (ANC.h1 | ANC.title))) return;
    // The title's own text; an h1's text anywhere below it.
    if (parent.ns === HTML && parent.name === 'title') {
      const c = this.reading.get(parent);
      if (c) this.addTitle(c, r);
    }
    if (anc & ANC.h1) {
      for (let e: El | null = parent; e; e = e.parent) {
        const c = e.ns === HTML && e.name === 'h1' ? this.reading.get(e) : undefined;
        if (c) this.addH1(c, r);
      }
    }
  }

  private addTitle(c: Candidate, r: TextRun): void {
    // Enough for 300 characters once trimmed (leading no-break spaces, say, are trimmed too).
    if (c.text.length > 4 * KEEP) return;
    // Whitespace collapses to one space as it comes (a space at the start is trimmed later).
    let t = domText(r).replace(collapse, ' ');
    if (t.startsWith(' ') && (c.ws || c.text === '')) t = t.slice(1);
    if (!t) return;
    c.text += t;
    c.ws = t.endsWith(' ');
  }

  private addH1(c: Candidate, r: TextRun): void {
    const t = domText(r);
    if (!t) return;
    const part = this.fold.at(r.region).h1Text;
    const mine = part.get(c.el);
    if (mine) appendHeadText(mine, headTextOf(t));
    else part.set(c.el, headTextOf(t));
  }

  bodyDropped(): void {
    // A <frameset> replaced the body: nothing that was in it is in the document.
    this.bodyGone = true;
  }

  regionClose(_table: El, fostered: Region, inner: Region, into: Region): void {
    this.fold.close(fostered, inner, into);
  }

  /** The signals, once the reader has ended (`url`: the document's URL, `read`: what was read of it). */
  result(url: string, read: { bytesRead: number | null; truncated: boolean }): PageSignals {
    const acc = this.root ? this.fold.at(this.root) : null;
    const gone = this.bodyGone;
    const inBody = (el: El | undefined) => el !== undefined && (el.anc & ANC.body) !== 0;
    const title = acc?.title && !(gone && inBody(acc.title.el)) ? acc.title.text.trim().slice(0, KEEP) : '';
    const h1Text = acc?.h1 ? acc.h1Text.get(acc.h1.el) : undefined;
    const h1 = acc?.h1 && h1Text && !(gone && inBody(acc.h1.el)) ? (h1Text.body + (h1Text.more ? '…' : '')).trim().slice(0, KEEP) : '';
    const body = acc && this.bodyExists && !gone ? acc.body : null;
    return {
      where: 'served',
      url,
      tags: (acc?.tags ?? []).filter((t) => !(gone && t.inBody)),
      title,
      h1,
      textLength: body && body.nonWs ? body.length - body.lead - body.trail : 0,
      bytesRead: read.bytesRead,
      truncated: read.truncated,
    };
  }
}

function rootOf(r: Region): Region {
  let x = r;
  while (x.parent) x = x.parent;
  return x;
}
