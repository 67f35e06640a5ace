import type { ParsedRobotsTxt, RobotsReport } from './types';
import { parseRobotsTxt } from './parseRobotsTxt';
import { base64ToBytes } from '../core';


/**
 * Parses a fetched report's file, from its exact bytes when they are not valid UTF-8; null when
 * the outcome did not depend on the file (not found, unreachable).
 */
export function parseRobotsReport(report: RobotsReport): ParsedRobotsTxt | null {
  if (report.outcome.kind !== 'parse') return null;
  if (report.bodyBase64) return parseRobotsTxt(base64ToBytes(report.bodyBase64));
  return parseRobotsTxt(report.body ?? '');
}
