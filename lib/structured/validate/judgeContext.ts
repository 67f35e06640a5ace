import type { SdExtract, SdFinding, SdNode } from '../types';
import { vocabulary as V } from './vocabulary';

/** Findings kept per item (the rest are counted in the verdict only). */
export const MAX_FINDINGS = 200;

/** One item being judged: its extract, its findings so far and their counts. */
export interface JudgeContext {
  ex: SdExtract;
  findings: SdFinding[];
  feature: string | null;
  now: number;
  errors: number;
  warnings: number;
  seen: Set<string>;
}

export const isA = (type: string, ancestor: string) => type === ancestor || V.ancestors(type).has(ancestor);

export function nodeIs(n: SdNode, types: readonly string[]): boolean {
  for (const t of n.types) for (const x of types) if (isA(t, x)) return true;
  return false;
}

export function push(c: JudgeContext, f: SdFinding): void {
  // Two features asking the same of the same property (a product snippet and a merchant listing both need offers.price): said once.
  let key = `${f.code} ${f.severity} ${f.path} `;
  for (let i = 0; i < f.params.length; i++) key += i ? ` ${String(f.params[i])}` : String(f.params[i]);
  if (c.seen.has(key)) return;
  c.seen.add(key);
  if (f.severity === 'error') c.errors++;
  else if (f.severity === 'warning') c.warnings++;
  if (c.findings.length < MAX_FINDINGS) c.findings.push(f);
}
