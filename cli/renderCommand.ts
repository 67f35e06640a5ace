// `crawlscope render <url>`: Googlebot's render of one page in the system Chromium (lib/render's
// policy, the same driver as the extension's), its differences from the page as served, and an
// exit code for CI.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { reportRender, renderCauseText } from '../lib/report';
import type { RenderResult } from '../lib/render';
import { cliLanguage, cliText } from './cliTranslate';
import { renderInChromium } from './renderInChromium';

export const RENDER_HELP = `Usage:
  crawlscope render [options] <url>

Renders the page as Googlebot's renderer would, from only what Googlebot fetches: the first 2 MB of
the HTML, and the scripts, styles and data requests robots.txt allows it (each under its own
2 MB) — no cookies, empty storage, no images or video — in the system Chromium ($CHROMIUM_PATH,
else /usr/bin/chromium), with a fresh profile. It reports what JavaScript changes for Google
(a noindex added or removed, the canonical, structured data, links), the requests the render made
or was refused (with their robots.txt lines), and why the render ended.

Options:
  --agent smartphone|desktop   Googlebot Smartphone (412 px wide) or Desktop (1024 px) (default smartphone)
  --max-time <seconds>         time limit of the render, 5–60 (default 20)
  --force                      render even a page Google would not render (served noindex, not 200)
  --screenshot <file.jpg>      write a full-page screenshot of the render (JPEG)
  --json                       print the report's \`render\` block (docs/report-schema.json) instead
  --lang <language>            en, de, es, sk, ru, zh_TW (default: from LC_ALL / LC_MESSAGES / LANG)
  -h, --help                   this help

Exit code: 0 when the render shows nothing that changes indexing; 1 when it does (a critical or
warning difference, a page robots.txt blocks, a served noindex); 2 when it could not render
(a usage error, no Chromium, the page could not be fetched).
`;

/** 1: something in the render changes how Google indexes the page; 2: no render; 0: nothing. */
export function renderExitCode(r: RenderResult): number {
  if (r.stoppedBecause === 'error') return 2;
  if (r.stoppedBecause === 'robots-blocked' || r.stoppedBecause === 'noindex') return 1;
  if (!r.rendered) return 2;
  return r.differences.some((d) => d.severity === 'critical' || d.severity === 'warning') ? 1 : 0;
}

export async function renderMain(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  let opts;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        agent: { type: 'string' },
        'max-time': { type: 'string' },
        force: { type: 'boolean' },
        screenshot: { type: 'string' },
        json: { type: 'boolean' },
        lang: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      out.write(RENDER_HELP);
      return 0;
    }
    if (positionals.length !== 1) throw new Error('Give one URL to render.');
    const u = new URL(positionals[0]!);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`The URL must be http(s) (got "${positionals[0]}")`);
    const agent = values.agent ?? 'smartphone';
    if (agent !== 'smartphone' && agent !== 'desktop') throw new Error(`--agent must be smartphone or desktop (got "${agent}")`);
    const maxTime = values['max-time'] === undefined ? 20 : Number(values['max-time']);
    if (!Number.isInteger(maxTime) || maxTime < 5 || maxTime > 60) throw new Error(`--max-time must be a whole number of seconds from 5 to 60 (got "${values['max-time']}")`);
    opts = { url: u.href, agent: agent as 'smartphone' | 'desktop', maxTime, force: values.force === true, screenshot: values.screenshot, json: values.json === true, lang: values.lang };
  } catch (e) {
    err.write(`crawlscope render: ${e instanceof Error ? e.message : String(e)}\n\n${RENDER_HELP}`);
    return 2;
  }
  const { t, number } = cliText(cliLanguage(opts.lang));
  const cancel = new AbortController();
  const stop = () => cancel.abort();
  process.once('SIGINT', stop);
  let output;
  try {
    output = await renderInChromium({ url: opts.url, agent: opts.agent, force: opts.force, timeLimitMs: opts.maxTime * 1000, screenshot: !!opts.screenshot, signal: cancel.signal });
  } catch (e) {
    err.write(`crawlscope render: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  } finally {
    process.removeListener('SIGINT', stop);
  }
  const r = output.result;
  if (opts.screenshot && output.screenshot) fs.writeFileSync(opts.screenshot, Buffer.from(output.screenshot, 'base64'));
  if (opts.json) {
    out.write(JSON.stringify(reportRender(r, t)) + '\n');
    return renderExitCode(r);
  }
  const agentName = t(opts.agent === 'smartphone' ? 'render.agentSmartphone' : 'render.agentDesktop');
  const lines = [`${t('render.heading')}: ${r.finalUrl} (${agentName})`];
  lines.push(t(`render.stopped.${r.stoppedBecause}`, [r.stoppedBecause === 'time-limit' ? r.limits.timeMs / 1000 : (r.document?.noindex ?? r.error ?? '')]));
  if (r.forced) lines.push(t('render.forcedNote'));
  if (r.rendered) {
    lines.push('');
    if (!r.differences.length) lines.push(t('render.noDifferencesNoBrowser'));
    for (const d of r.differences) {
      lines.push(`${t(`compare.severity${d.severity[0]!.toUpperCase()}${d.severity.slice(1)}`)}: ${t(`render.difference.${d.code}`, d.params)}`);
      if (d.cause) lines.push(`    ${t('render.why', [renderCauseText(d.cause, t)])}`);
    }
  }
  const refused = r.resources.filter((x) => x.outcome === 'blocked-robots' || x.outcome === 'cut' || x.outcome === 'failed' || x.outcome === 'timeout');
  if (refused.length) {
    lines.push('', t('render.resourcesHeading'));
    for (const x of refused) {
      const why =
        x.outcome === 'blocked-robots'
          ? x.robots?.line != null
            ? t('render.outcome.blocked-robots', [x.robots.line])
            : t('render.outcome.blocked-robots-unreachable')
          : x.outcome === 'cut'
            ? t('render.outcome.cut', [x.keptBytes ?? 0])
            : x.outcome === 'failed'
              ? t('render.outcome.failed', [x.error ?? ''])
              : t('render.outcome.timeout');
      lines.push(`  ${x.url} — ${why}`);
    }
  }
  lines.push('', t('render.took', [`${number(Math.round(r.durationMs))} ms`]));
  out.write(lines.join('\n') + '\n');
  return renderExitCode(r);
}
