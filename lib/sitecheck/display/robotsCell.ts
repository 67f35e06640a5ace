import type { Translate } from '../../report';
import type { SiteRow } from '../siteRow';
import { noneText } from './noneText';

/** Googlebot's robots.txt verdict for the URL, with the deciding line and rule when one decided it. */
export function robotsCell(r: SiteRow, t: Translate): string {
  if (!r.robots) return noneText(t);
  if (r.robots.line === null) return t(r.robots.allowed ? 'sitecheck.robotsAllowed' : 'sitecheck.robotsUnreachable');
  return t(r.robots.allowed ? 'sitecheck.robotsAllowedLine' : 'sitecheck.robotsDisallowed', [r.robots.line, r.robots.rule ?? '']);
}
