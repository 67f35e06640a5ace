// `crawlscope render <url>`: Googlebot's render of one page in the system Chromium (lib/render's
// policy, the same driver as the extension's), its differences from the page as served, and an
// exit code for CI.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { reportRender, renderCauseText, renderDifferenceText, renderLiftText, severityLabel } from '../lib/report';
import { changesIndexing, RENDER_TIME_LIMIT_MS, RENDER_VIEWPORTS, type RenderResult } from '../lib/render';
import { cliLanguage, cliText } from './cliTranslate';
import { renderInChromium } from './renderInChromium';
import { helpText, langArgument, parseArgsErrorText, type HelpSpec } from './helpText';

/** --max-time's range in seconds. */
const MIN_TIME = 5;
const MAX_TIME = 60;

/** A mistake in the arguments, already in the user's language. */
class UsageError extends Error {}

/** `crawlscope render --help`: one line per flag, its words under cli.render.flag.<key> (shared ones under cli.help.flag). */
export const RENDER_HELP: HelpSpec = {
  usage: [{ syntax: 'crawlscope render [options] <url>' }],
  about: [{ key: 'cli.render.about', params: ['$CHROMIUM_PATH', '/usr/bin/chromium'] }],
  flags: [
    { syntax: '--agent smartphone|desktop', key: 'cli.render.flag.agent', params: [String(RENDER_VIEWPORTS.smartphone.width), String(RENDER_VIEWPORTS.desktop.width), 'smartphone'] },
    { syntax: '--max-time <seconds>', key: 'cli.render.flag.maxTime', params: [String(MIN_TIME), String(MAX_TIME), String(RENDER_TIME_LIMIT_MS / 1000)] },
    { syntax: '--force', key: 'cli.render.flag.force' },
    { syntax: '--screenshot <file.jpg>', key: 'cli.render.flag.screenshot' },
    { syntax: '--json', key: 'cli.render.flag.json' },
    { syntax: '--lang <language>', key: 'cli.help.flag.lang' },
    { syntax: '-h, --help', key: 'cli.help.flag.help' },
  ],
  after: [{ key: 'cli.render.exit' }],
};

/** 1: something in the render changes how Google indexes the page; 2: no render; 0: nothing. */
export function renderExitCode(r: RenderResult): number {
  if (r.stoppedBecause === 'error') return 2;
  if (r.stoppedBecause === 'robots-blocked' || r.stoppedBecause === 'noindex') return 1;
  if (!r.rendered) return 2;
  return changesIndexing(r.differences) ? 1 : 0;
}

export async function renderMain(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  const u = cliText(cliLanguage(langArgument(argv))).t;
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
      out.write(helpText(RENDER_HELP, u));
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError(u('cli.render.oneUrl'));
    const url = URL.canParse(positionals[0]!) ? new URL(positionals[0]!) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new UsageError(u('cli.error.notUrl', [positionals[0]!]));
    const agent = values.agent ?? 'smartphone';
    if (agent !== 'smartphone' && agent !== 'desktop') throw new UsageError(u('cli.render.agent', [agent]));
    const rawTime = values['max-time'];
    const maxTime = rawTime === undefined ? RENDER_TIME_LIMIT_MS / 1000 : Number(rawTime);
    if (rawTime !== undefined && (!/^\d+$/.test(rawTime) || maxTime < MIN_TIME || maxTime > MAX_TIME)) throw new UsageError(u('cli.render.maxTime', [String(MIN_TIME), String(MAX_TIME), rawTime]));
    opts = { url: url.href, agent: agent as 'smartphone' | 'desktop', maxTime, force: values.force === true, screenshot: values.screenshot, json: values.json === true, lang: values.lang };
  } catch (e) {
    err.write(`crawlscope render: ${e instanceof UsageError ? e.message : parseArgsErrorText(e, u)}\n\n${helpText(RENDER_HELP, u)}`);
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
  if (r.visitor?.error && !r.visitor.rendered) lines.push(t('render.noVisitor', [r.visitor.error]));
  if (r.rendered) {
    lines.push('');
    if (!r.differences.length) lines.push(t(r.visitor?.rendered ? 'render.noDifferencesNoBrowser' : 'render.noDifferencesNoVisitor'));
    for (const d of r.differences) {
      lines.push(`${severityLabel(d.severity, t)}: ${renderDifferenceText(d, t)}`);
      if (d.cause) lines.push(`    ${t('render.why', [renderCauseText(d.cause, t)])}`);
    }
    if (r.experiments.length) {
      lines.push('', t('render.experimentsHeading'));
      for (const x of r.experiments) lines.push(`  ${t('render.experiment', [renderLiftText(x.lift, t), x.explained, t(`render.stopped.${x.stoppedBecause}`, [r.limits.timeMs / 1000])])}`);
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
