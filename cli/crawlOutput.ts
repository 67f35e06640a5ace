// A crawl's output on the command line: the reports spooled to a temporary file while the crawl
// runs (each URL's depth, first link and inlinks are known only once it is over), then written
// out with those facts, and the last `{"site": …}` line; the site findings after the table; the
// link graph as CSV. Nothing of the reports is held in memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { crawlText, findingText, linkCsvHeader, linkCsvLine, normalizeUrl, withCrawlFacts, type CrawlEnd, type CrawlResult, type SiteLine } from '../lib/sitecheck';
import { severityLabel, type Report, type Translate } from '../lib/report';

/** Bytes gathered before one write to the spool file. */
const SPOOL_CHUNK = 256 * 1024;

/** The report's JSON with `siteCheck` last, where withCrawlFacts adds the crawl's facts. */
export function reportJson(r: Report): string {
  const { siteCheck, ...rest } = r;
  return JSON.stringify(siteCheck ? { ...rest, siteCheck } : r);
}

export interface ReportSpool {
  add(r: Report): void;
  /** Writes every report, in the order they came, with its crawl facts; then the spool is gone. */
  drain(out: NodeJS.WritableStream, end: CrawlEnd | null): Promise<void>;
  /** Removes the file (also when the run failed). */
  discard(): void;
}

/** One JSON line per report in a temporary file (mode 600) until the crawl is over. */
export function createReportSpool(): ReportSpool {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-'));
  const file = path.join(dir, 'reports.jsonl');
  const fd = fs.openSync(file, 'w', 0o600);
  let pending: string[] = [];
  let pendingBytes = 0;
  let closed = false;
  const flush = () => {
    if (!pending.length) return;
    fs.writeSync(fd, pending.join(''));
    pending = [];
    pendingBytes = 0;
  };
  const discard = () => {
    if (!closed) {
      closed = true;
      fs.closeSync(fd);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return {
    add(r) {
      const line = reportJson(r) + '\n';
      pending.push(line);
      pendingBytes += line.length;
      if (pendingBytes >= SPOOL_CHUNK) flush();
    },
    async drain(out, end) {
      flush();
      fs.closeSync(fd);
      closed = true;
      try {
        const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
        for await (const line of lines) {
          if (!line) continue;
          // siteCheck is the report's last field: its requestedUrl is the last one of the line.
          const at = line.lastIndexOf('"requestedUrl":');
          const url = at < 0 ? null : /^"(?:[^"\\]|\\.)*"/.exec(line.slice(at + 15, at + 15 + 20_000));
          const requested = url ? (JSON.parse(url[0]) as string) : null;
          const facts = end && requested ? end.facts(normalizeUrl(requested) ?? requested) : null;
          await write(out, withCrawlFacts(line, facts) + '\n');
        }
      } finally {
        discard();
      }
    },
    discard,
  };
}

/** Writes with back-pressure: waits for 'drain' when the stream asks to. */
function write(out: NodeJS.WritableStream, s: string): Promise<void> {
  return out.write(s) ? Promise.resolve() : new Promise((resolve) => out.once('drain', () => resolve()));
}

/** The last line of a crawl's JSON Lines. */
export function siteLine(result: CrawlResult): string {
  const line: SiteLine = { site: result };
  return JSON.stringify(line) + '\n';
}

/** Page content (anchor text, titles, hrefs) never reaches the terminal as control characters: each is shown as U+FFFD. */
const printable = (s: string) => s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\ufffd');

/** The site findings in words, after the table: what was read, why links were not followed, each finding with its evidence. */
export function siteFindingsLines(result: CrawlResult, t: Translate): string[] {
  return siteFindingsWords(result, t).map(printable);
}

function siteFindingsWords(result: CrawlResult, t: Translate): string[] {
  const w = crawlText(result, t);
  const lines = [t('crawl.heading'), w.summary, w.notFollowed];
  if (w.partial) lines.push(w.partial);
  if (w.noSitemap) lines.push(w.noSitemap);
  if (w.none) lines.push(w.none);
  for (const f of result.findings) {
    const text = findingText(f, t, result.maxDepth);
    lines.push('', `${severityLabel(f.severity, t)}: ${text.title}`);
    for (const item of text.items) lines.push(`    ${item}`);
    if (text.more) lines.push(`    ${text.more}`);
  }
  return lines;
}

/** The link graph as CSV (source, target, anchor text, nofollow, past the cut, only after rendering); returns the links written. */
export async function writeLinksCsv(file: string, end: CrawlEnd): Promise<number> {
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const done = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
  let n = 0;
  let chunk = linkCsvHeader();
  for await (const l of end.links()) {
    chunk += linkCsvLine(l);
    n++;
    if (chunk.length >= SPOOL_CHUNK) {
      await write(out, chunk);
      chunk = '';
    }
  }
  out.end(chunk);
  await done;
  return n;
}
