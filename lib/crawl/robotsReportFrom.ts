import { bytesToBase64, type CappedRead } from '../core';
import { ROBOTS_MAX_BYTES, robotsFetchDecision, type RobotsFetchStep } from './robotsFetchPolicy';
import type { RobotsHop, RobotsMessage, RobotsReport } from './types';

/** Past the 500 KiB Google reads, the rest of a robots.txt is only counted, up to this many bytes. */
export const ROBOTS_COUNT_CAP = 16 * 1024 * 1024;

/** What fetching robots.txt gave (fetchRobotsTxt): the hops, the last answer, the body as read. */
export interface RobotsFetched {
  origin: string;
  robotsUrl: string;
  startedAt: number;
  durationMs: number;
  hops: RobotsHop[];
  loop: boolean;
  step: RobotsFetchStep;
  finalUrl: string | null;
  status: number | null;
  contentType: string | null;
  /** The body as read (the first 500 KiB kept, the rest counted), for a 2xx answer; else null. */
  read: CappedRead | null;
}

/**
 * The step a 2xx body's read makes of the answer: a file whose first 500 KiB are still arriving
 * when time is up is unreachable (as is one that failed); one only being counted past them is not.
 */
export function robotsReadStep(step: RobotsFetchStep, read: CappedRead): RobotsFetchStep {
  if (read.end === 'timeout' && read.bytes.length < ROBOTS_MAX_BYTES) return { kind: 'timeout' };
  if (read.end === 'error') return { kind: 'network-error', message: read.error ?? 'read error' };
  return step;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The report of one robots.txt fetch, judged by Google's rules (robotsFetchDecision), with its warnings. */
export function robotsReportFrom(f: RobotsFetched): RobotsReport {
  const response = f.step.kind === 'response';
  const body = response && f.read ? f.read.bytes : null;
  const total = response && f.read ? f.read.total : 0;
  const truncated = body !== null && total > ROBOTS_MAX_BYTES;
  const sizeKnown = f.read?.end === 'end';
  const decision = robotsFetchDecision(f.step);
  const warnings: RobotsMessage[] = [...decision.warnings];
  if (f.finalUrl && new URL(f.finalUrl).origin !== f.origin) warnings.push({ code: 'redirectOtherOrigin', params: [new URL(f.finalUrl).origin] });
  if (f.loop) warnings.push({ code: 'redirectLoop', params: [] });
  if (decision.kind === 'parse' && truncated) {
    warnings.push(sizeKnown ? { code: 'truncated', params: [ROBOTS_MAX_BYTES, total] } : { code: 'truncatedAtLeast', params: [ROBOTS_MAX_BYTES, total] });
  }
  let bodyBase64: string | null = null;
  if (decision.kind === 'parse' && body && !isValidUtf8(body)) {
    warnings.push({ code: 'invalidUtf8', params: [] });
    bodyBase64 = bytesToBase64(body);
  }
  return {
    origin: f.origin,
    robotsUrl: f.robotsUrl,
    fetchedAt: f.startedAt,
    durationMs: f.durationMs,
    fromCache: false,
    hops: f.hops,
    finalUrl: response ? f.finalUrl : null,
    status: response ? f.status : null,
    contentType: response ? f.contentType : null,
    bytes: body?.length ?? 0,
    totalBytes: truncated ? total : null,
    totalIsLowerBound: truncated && !sizeKnown,
    truncated,
    outcome: { kind: decision.kind, code: decision.code, params: decision.params },
    warnings,
    // ignoreBOM keeps a BOM in the text: the parser skips it the way Google does.
    body: decision.kind === 'parse' && body ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(body) : null,
    bodyBase64,
  };
}
