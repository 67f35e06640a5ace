import type { MessageParam } from '../i18n';
import type { SdFinding, SdItem, SdJudged, SdProblem, SdVerdict } from './types';

/**
 * The served HTML's structured data judged (in the tab, where it is read) as one compact string,
 * for the message to the popup (see packExtract.ts for what a message costs). Every repeated string
 * (a finding's code, path, source page and feature, an item's types and features) is an index into
 * one table; an item's data is the JSON the exports write.
 */
export interface PackedJudgement {
  packed: string;
}

/** The served judgement as the popup needs it (ServedJudgement of the validator). */
export interface Judgement {
  items: SdJudged[];
  problems: SdProblem[];
  signatures: string[];
  vocabulary: string;
}

/** [format, status, node, types, line, column, byte (-1: null), responseByte, data, features, verdict, findings: code, severity, path, params, line, source, feature (-1: null)…] */
type PackedJudged = [number, number, number, number[], number, number, number, number | null, unknown, number[], number, (number | MessageParam[])[]];
interface Body {
  vocabulary: string;
  signatures: string[];
  problems: SdProblem[];
  strings: string[];
  items: PackedJudged[];
}

export function packJudgement(j: Judgement): PackedJudgement {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const s = (v: string): number => {
    let k = index.get(v);
    if (k === undefined) {
      index.set(v, (k = strings.length));
      strings.push(v);
    }
    return k;
  };
  const items: PackedJudged[] = j.items.map(({ item: it, data, features, findings, verdict }) => {
    const flat: (number | MessageParam[])[] = [];
    for (const f of findings) flat.push(s(f.code), s(f.severity), s(f.path), f.params, f.line, s(f.source), f.feature === null ? -1 : s(f.feature));
    return [s(it.format), s(it.status), it.node, it.types.map(s), it.place.line, it.place.column, it.place.byte ?? -1, it.responseByte, data, features.map(s), s(verdict), flat];
  });
  const body: Body = { vocabulary: j.vocabulary, signatures: j.signatures, problems: j.problems, strings, items };
  return { packed: JSON.stringify(body) };
}

export function unpackJudgement(p: PackedJudgement): Judgement {
  const b = JSON.parse(p.packed) as Body;
  const t = b.strings;
  const items: SdJudged[] = b.items.map(([format, status, node, types, line, column, byte, responseByte, data, features, verdict, flat]) => {
    const findings: SdFinding[] = [];
    for (let k = 0; k < flat.length; k += 7) {
      const feature = flat[k + 6] as number;
      findings.push({
        code: t[flat[k] as number] as SdFinding['code'],
        severity: t[flat[k + 1] as number] as SdFinding['severity'],
        path: t[flat[k + 2] as number]!,
        params: flat[k + 3] as MessageParam[],
        line: flat[k + 4] as number,
        source: t[flat[k + 5] as number]!,
        feature: feature === -1 ? null : t[feature]!,
      });
    }
    const item: SdItem = { format: t[format] as SdItem['format'], status: t[status] as SdItem['status'], node, types: types.map((k) => t[k]!), place: { line, column, byte: byte === -1 ? null : byte }, responseByte };
    return { item, data, features: features.map((k) => t[k]!), findings, verdict: t[verdict] as SdVerdict };
  });
  return { items, problems: b.problems, signatures: b.signatures, vocabulary: b.vocabulary };
}
