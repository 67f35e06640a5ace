import type { ParsedRobotsTxt, RobotsReport } from './types';
import { parseRobotsTxt } from './parseRobotsTxt';

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Parses a fetched report's file, from its exact bytes when they are not valid UTF-8; null when
 * the outcome did not depend on the file (not found, unreachable).
 */
export function parseRobotsReport(report: RobotsReport): ParsedRobotsTxt | null {
  if (report.outcome.kind !== 'parse') return null;
  if (report.bodyBase64) return parseRobotsTxt(fromBase64(report.bodyBase64));
  return parseRobotsTxt(report.body ?? '');
}
