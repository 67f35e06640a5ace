import type { LlmsLink, LlmsParsed, LlmsProblem, LlmsSection } from './types';

/** Problems past this many are summarised in one. */
export const LLMS_MAX_PROBLEMS = 200;

const H1 = /^#\s+(.*\S)\s*$/;
const H2 = /^##\s+(.*\S)\s*$/;
const H3UP = /^#{3,6}\s/;
const ITEM = /^\s*[-*+]\s+(.*)$/;
// A list item's link: [name](url), then optionally ":" and notes (llmstxt.org).
const LINK = /^\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)\s*(?::\s*(.*))?$/;

/**
 * Reads an llms.txt as llmstxt.org describes it: "An H1 with the name of the project or site.
 * This is the only required section"; "A blockquote with a short summary"; "Zero or more markdown
 * sections … of any type, except headings"; "Zero or more markdown sections delimited by H2
 * headers, containing 'file lists' of URLs … Each 'file list' is a markdown list, containing a
 * required markdown hyperlink [name](url), then optionally a : and notes about the file." A
 * section named "Optional" holds links an agent may skip. Line by line, linear; fenced code
 * blocks are skipped.
 */
export function parseLlmsTxt(text: string, fileUrl: string): LlmsParsed {
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const problems: LlmsProblem[] = [];
  let dropped = 0;
  const problem = (p: LlmsProblem) => {
    if (problems.length < LLMS_MAX_PROBLEMS) problems.push(p);
    else dropped++;
  };
  let title: string | null = null;
  let titleLine: number | null = null;
  let summary: string[] | null = null;
  const sections: LlmsSection[] = [];
  let phase: 'start' | 'summary' | 'details' | 'sections' = 'start';
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) {
      fence = !fence;
      if (phase === 'start') phase = 'details';
      continue;
    }
    if (fence || line.trim() === '') continue;
    const h1 = H1.exec(line);
    if (phase === 'start') {
      if (h1) {
        title = h1[1]!;
        titleLine = n;
        phase = 'summary';
        continue;
      }
      problem({ severity: 'warning', code: 'noH1First', line: n, params: [line.slice(0, 80)] });
      phase = 'details';
    }
    if (h1) {
      problem({ severity: 'warning', code: title === null ? 'h1NotFirst' : 'extraH1', line: n, params: [h1[1]!] });
      if (title === null) {
        title = h1[1]!;
        titleLine = n;
      }
      continue;
    }
    const h2 = H2.exec(line);
    if (h2) {
      sections.push({ name: h2[1]!, line: n, optional: h2[1]!.trim().toLowerCase() === 'optional', links: [] });
      phase = 'sections';
      continue;
    }
    if (H3UP.test(line)) {
      problem({ severity: phase === 'sections' ? 'info' : 'warning', code: phase === 'sections' ? 'subheading' : 'headingBeforeSections', line: n, params: [line.trim().slice(0, 80)] });
      continue;
    }
    if (phase === 'summary') {
      if (line.startsWith('>')) {
        (summary ??= []).push(line.replace(/^>\s?/, ''));
        continue;
      }
      phase = 'details';
    }
    if (phase === 'details') continue;
    // In a section: list items with a link; anything else is noted.
    const section = sections[sections.length - 1]!;
    const item = ITEM.exec(line);
    if (!item) {
      problem({ severity: 'info', code: 'textInSection', line: n, params: [section.name] });
      continue;
    }
    const link = LINK.exec(item[1]!.trim());
    if (!link) {
      problem({ severity: 'warning', code: 'itemWithoutLink', line: n, params: [item[1]!.trim().slice(0, 80)] });
      continue;
    }
    let url: string | null = null;
    try {
      const u = new URL(link[2]!, fileUrl);
      url = u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
    } catch {
      url = null;
    }
    if (url === null) problem({ severity: 'warning', code: 'badUrl', line: n, params: [link[2]!] });
    const l: LlmsLink = { name: link[1]!, href: link[2]!, url, notes: link[3]?.trim() || null, line: n };
    section.links.push(l);
  }
  if (title === null) problem({ severity: 'warning', code: 'noH1', line: null, params: [] });
  for (const s of sections) if (s.links.length === 0) problem({ severity: 'info', code: 'emptySection', line: s.line, params: [s.name] });
  if (dropped) problems.push({ severity: 'info', code: 'moreProblems', line: null, params: [dropped] });
  const links = sections.reduce((k, s) => k + s.links.length, 0);
  return {
    title,
    titleLine,
    summary: summary ? summary.join(' ').trim() : null,
    sections,
    links,
    // A final line end ends the last line; it does not start another.
    lines: lines.length > 0 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length,
    problems,
    wellFormed: title !== null && titleLine !== null && !problems.some((p) => p.severity === 'warning'),
  };
}
