import type { SdExtract, SdFinding, SdItem, SdJudged, SdNode, SdProblem, SdProperty, SdReport, SdValue, SdVerdict } from '../types';
import { renderedProblems, structuredReport } from '../structuredReport';
import { FEATURES, OBJECT_RULES } from './googleRules';
import type { FeatureRule, ObjectRule, PropRule, ValueKind } from './ruleTypes';
import { enumValue, isDate, isDateTime, scalarIs, valueText } from './valueKinds';
import { vocabulary as V } from './vocabulary';
import { itemData } from './itemData';
import { conformance } from './conformance';
import { isA, nodeIs, push, type JudgeContext as Ctx } from './judgeContext';

export { MAX_FINDINGS } from './judgeContext';

export interface ValidateInput {
  served: SdExtract | null;
  /** Googlebot's render, when the page was rendered: its items not in the HTML as served were added by JavaScript. */
  rendered?: SdExtract | null;
  /** Now, for dates that have passed (priceValidUntil). */
  now: number;
  /** The cut's response byte, for items cut or lost. */
  cutByte?: number | null;
}

const join = (path: string, name: string) => (path ? `${path}.${name}` : name);
/** A node's kept properties by name, built on the first look-up (rules look up the same entity's properties many times). */
const byName = new WeakMap<SdNode, Map<string, SdProperty>>();
function keptProp(n: SdNode, name: string): SdProperty | undefined {
  if (n.props.length < 6) {
    for (const p of n.props) if (p.name === name && p.kept) return p;
    return undefined;
  }
  let m = byName.get(n);
  if (!m) {
    m = new Map();
    for (const p of n.props) if (p.kept && !m.has(p.name)) m.set(p.name, p);
    byName.set(n, m);
  }
  return m.get(name);
}

const pathParts = new Map<string, string[]>();
const partsOf = (path: string) => {
  let p = pathParts.get(path);
  if (!p) pathParts.set(path, (p = path.split('.')));
  return p;
};
const NONE: SdValue[] = [];

function hasNull(values: readonly SdValue[]): boolean {
  for (let i = 0; i < values.length; i++) if (values[i]!.t === 'null') return true;
  return false;
}

/** The values at a dotted path ("priceSpecification.price"), following entities; the line of the first property found. */
function valuesAt(ex: SdExtract, n: number, path: string): { values: SdValue[]; line: number | null } {
  const parts = partsOf(path);
  if (parts.length === 1) {
    // The common case: one property of the entity, its values as they are (null values left out).
    const p = keptProp(ex.nodes[n]!, path);
    if (!p) return { values: NONE, line: null };
    return { values: hasNull(p.values) ? p.values.filter((v) => v.t !== 'null') : p.values, line: p.line };
  }
  let frontier = [n];
  let line: number | null = null;
  let values: SdValue[] = [];
  for (let k = 0; k < parts.length; k++) {
    values = [];
    for (const f of frontier) {
      const p = keptProp(ex.nodes[f]!, parts[k]!);
      if (!p) continue;
      line ??= p.line;
      for (const v of p.values) if (v.t !== 'null') values.push(v);
    }
    if (k < parts.length - 1) frontier = values.filter((v): v is { t: 'node'; n: number } => v.t === 'node').map((v) => v.n);
  }
  return { values, line };
}

function kindMatches(ex: SdExtract, k: ValueKind, v: SdValue): boolean {
  if (typeof k === 'string') return scalarIs(k, v);
  // An entity without @type: Google takes the property's expected type.
  if ('node' in k) return v.t === 'ref' || (v.t === 'node' && (ex.nodes[v.n]!.types.length === 0 || nodeIs(ex.nodes[v.n]!, k.node)));
  if ('enum' in k) {
    const name = enumValue(v);
    return name !== null && (V.enumMembers(k.enum)?.includes(name) ?? false);
  }
  return v.t === 'text' && k.oneOf.includes(v.v.trim());
}

const kindCode = (k: ValueKind) => (typeof k === 'string' ? k : 'node' in k ? k.node.join('/') : 'enum' in k ? k.enum : k.oneOf.join('/'));

const entriesCache = new WeakMap<object, [string, string][]>();
const applyEntries = (o: Readonly<Record<string, string>>) => {
  let e = entriesCache.get(o);
  if (!e) entriesCache.set(o, (e = Object.entries(o)));
  return e;
};

function applyRule(c: Ctx, n: number, rule: ObjectRule, path: string, nested: boolean, last: boolean): void {
  const node = c.ex.nodes[n]!;
  for (const pr of rule.props) {
    if (pr.topLevelOnly && nested) continue;
    if (pr.onlyWith && !valuesAt(c.ex, n, pr.onlyWith).values.length) continue;
    checkProp(c, n, node, rule, pr, path, last);
  }
  if (rule.notes) checkNotes(c, n, rule, path);
  if (rule.ratingRange) checkRating(c, n, rule, path);
}

function checkProp(c: Ctx, n: number, node: SdNode, rule: ObjectRule, pr: PropRule, path: string, last: boolean): void {
  const required = pr.level === 'required';
  // The alternatives that have values (most rules name one property: no arrays, no spreads).
  let found: { path: string; values: SdValue[]; line: number | null }[] | null = null;
  for (const alt of pr.paths) {
    const got = valuesAt(c.ex, n, alt);
    if (got.values.length) (found ??= []).push({ path: alt, values: got.values, line: got.line });
  }
  if (!found) {
    if (pr.exceptLast && last) return;
    const one = pr.paths.length === 1;
    push(c, {
      code: one ? (required ? 'required' : 'recommended') : required ? 'requiredOneOf' : 'recommendedOneOf',
      severity: required ? 'error' : 'warning',
      // The first alternative is the one Google names first (offers.price before offers.priceSpecification.price).
      path: join(path, pr.paths[0]!),
      params: one ? [pr.paths[0]!] : [pr.paths.join(', ')],
      line: node.place.line,
      source: rule.source,
      feature: c.feature,
    });
    return;
  }
  for (const f of found) {
    if (pr.kinds) {
      let bad: SdValue | undefined;
      for (const v of f.values) {
        let ok = false;
        for (const k of pr.kinds) if (kindMatches(c.ex, k, v)) {
          ok = true;
          break;
        }
        if (!ok) {
          bad = v;
          break;
        }
      }
      if (bad) {
        const enumKind = pr.kinds.find((k) => typeof k !== 'string' && ('enum' in k || 'oneOf' in k));
        const single = enumKind !== undefined && pr.kinds.length === 1;
        push(c, {
          code: single ? 'valueEnum' : 'valueType',
          severity: required ? 'error' : 'warning',
          path: join(path, f.path),
          params: single ? [f.path, valueText(bad), kindCode(enumKind)] : [f.path, pr.kinds.map(kindCode).join(' | '), bad.t === 'node' ? c.ex.nodes[bad.n]!.types.join(', ') || '{}' : valueText(bad)],
          line: f.line ?? node.place.line,
          source: rule.source,
          feature: c.feature,
        });
      }
    }
    if (pr.notPast) {
      for (const v of f.values) {
        const s = v.t === 'text' ? v.v.trim() : '';
        if ((isDate(s) || isDateTime(s)) && Date.parse(s.length === 10 ? `${s}T23:59:59Z` : s) < c.now) {
          push(c, { code: 'datePassed', severity: 'warning', path: join(path, f.path), params: [f.path, s], line: f.line ?? node.place.line, source: rule.source, feature: c.feature });
          break;
        }
      }
    }
    if (pr.apply) {
      let count = 0;
      for (const v of f.values) if (v.t === 'node') count++;
      let k = 0;
      for (const v of f.values) {
        if (v.t !== 'node') continue;
        const child = c.ex.nodes[v.n]!;
        const id = typeof pr.apply === 'string' ? pr.apply : applyEntries(pr.apply).find(([t]) => nodeIs(child, [t]))?.[1];
        const r = id ? OBJECT_RULES.get(id) : undefined;
        if (r) applyRule(c, v.n, r, join(path, f.path), true, ++k === count);
        else k++;
      }
    }
  }
}

/** Pros and cons: a review with notes needs at least two statements (product snippets). */
function checkNotes(c: Ctx, n: number, rule: ObjectRule, path: string): void {
  for (const r of valuesAt(c.ex, n, 'review').values) {
    if (r.t !== 'node') continue;
    const count = ['positiveNotes', 'negativeNotes'].reduce((s, k) => s + valuesAt(c.ex, r.n, `${k}.itemListElement`).values.length, 0);
    const has = ['positiveNotes', 'negativeNotes'].some((k) => valuesAt(c.ex, r.n, k).values.length);
    if (has && count < 2) push(c, { code: 'notesTooFew', severity: 'error', path: join(path, 'review'), params: [count], line: c.ex.nodes[r.n]!.place.line, source: rule.source, feature: c.feature });
  }
}

/** The number at a property of an entity, or `dflt`. */
function numberAt(ex: SdExtract, n: number, name: string, dflt: number): number {
  const v = valuesAt(ex, n, name).values[0];
  return v && scalarIs('number', v) ? Number(valueText(v)) : dflt;
}

/** A rating within its scale (bestRating, default 5; worstRating, default 1). */
function checkRating(c: Ctx, n: number, rule: ObjectRule, path: string): void {
  const node = c.ex.nodes[n]!;
  const ratingNodes = node.types.some((t) => isA(t, 'AggregateRating')) ? [{ n, path }] : valuesAt(c.ex, n, 'reviewRating').values.filter((v): v is { t: 'node'; n: number } => v.t === 'node').map((v) => ({ n: v.n, path: join(path, 'reviewRating') }));
  for (const r of ratingNodes) {
    const value = valuesAt(c.ex, r.n, 'ratingValue').values[0];
    if (!value || !scalarIs('number', value)) continue;
    const val = Number(valueText(value));
    const best = numberAt(c.ex, r.n, 'bestRating', 5);
    const worst = numberAt(c.ex, r.n, 'worstRating', 1);
    if (val > best || val < worst) push(c, { code: 'ratingOutOfRange', severity: 'error', path: join(r.path, 'ratingValue'), params: [val, worst, best], line: c.ex.nodes[r.n]!.place.line, source: rule.source, feature: c.feature });
  }
}

/** The rich result features an item's types can give (retired ones included, to say so). */
const candidatesByTypes = new Map<string, FeatureRule[]>();
/** The features an entity of these types can give, before their conditions (computed once per set of types). */
function candidates(node: SdNode): FeatureRule[] {
  const key = node.types.join(' ');
  let c = candidatesByTypes.get(key);
  if (!c) {
    c = FEATURES.filter((f) => (f.exact ? node.types.some((t) => f.types.includes(t)) : nodeIs(node, f.types)) && !(f.notTypes && nodeIs(node, f.notTypes)));
    candidatesByTypes.set(key, c);
  }
  return c;
}

export function featuresOf(ex: SdExtract, n: number): FeatureRule[] {
  const node = ex.nodes[n]!;
  const families = new Set<string>();
  const out: FeatureRule[] = [];
  for (const f of candidates(node)) {
    if (f.family && families.has(f.family)) continue;
    if (f.when) {
      const vals = valuesAt(ex, n, f.when.has).values;
      if (!vals.length) continue;
      const w = f.when;
      if (w.type && !vals.some((v) => v.t === 'node' && nodeIs(ex.nodes[v.n]!, w.type!) && !(w.notType && nodeIs(ex.nodes[v.n]!, w.notType)))) continue;
    }
    if (f.family) families.add(f.family);
    out.push(f);
  }
  return out;
}

/**
 * A key that finds the same item in the served HTML and in the render: its format, types, @id and
 * first properties, hashed to 64 bits (16 hex digits) — the tab sends the served items' keys to the
 * popup, where 813 products' keys in full were 0.2 MB of the message.
 */
function signature(ex: SdExtract, it: SdItem): string {
  const node = ex.nodes[it.node]!;
  const props = node.props
    .slice(0, 8)
    .map((p) => `${p.name}=${p.values.slice(0, 2).map((v) => (v.t === 'node' ? ex.nodes[v.n]!.types.join('/') : valueText(v))).join('|')}`)
    .join(';');
  return hash64(`${it.format}:${it.types.join('/')}:${node.id ?? ''}:${props}`);
}

/** Two 32-bit multiply-xorshift hashes of the text's UTF-16 units, as 16 hex digits. */
function hash64(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/** The extract with every property read, for items past the cut: judged as written, after saying Google never reads them. */
const asWritten = (() => {
  const cache = new WeakMap<SdExtract, SdExtract>();
  return (ex: SdExtract) => {
    let all = cache.get(ex);
    if (!all) cache.set(ex, (all = { ...ex, nodes: ex.nodes.map((n) => (n.props.every((p) => p.kept) ? n : { ...n, props: n.props.map((p) => ({ ...p, kept: true })) })) }));
    return all;
  };
})();

function judge(source: SdExtract, it: SdItem, now: number, cutByte: number | null): SdJudged {
  const ex = it.status === 'lost' ? asWritten(source) : source;
  const c: Ctx = { ex, findings: [], feature: null, now, errors: 0, warnings: 0, seen: new Set() };
  const googlebot = 'https://developers.google.com/search/docs/crawling-indexing/googlebot';
  if (it.status === 'cut' && it.format === 'jsonld') push(c, { code: 'itemCut', severity: 'error', path: '', params: [cutByte ?? ''], line: it.place.line, source: googlebot, feature: null });
  if (it.status === 'lost') push(c, { code: 'itemLost', severity: 'error', path: '', params: [it.responseByte ?? ''], line: it.place.line, source: googlebot, feature: null });
  const features = featuresOf(ex, it.node);
  let retired = false;
  for (const f of features) {
    c.feature = f.id;
    if (f.status === 'retired') {
      retired = true;
      push(c, { code: 'featureRetired', severity: 'info', path: '', params: [it.types.join(', '), { date: Date.parse(`${f.since}T00:00:00Z`) }, f.id], line: it.place.line, source: f.statusSource ?? f.source, feature: f.id });
      continue;
    }
    const rule = OBJECT_RULES.get(f.rule);
    if (rule) applyRule(c, it.node, rule, '', false, false);
  }
  c.feature = null;
  conformance(c, it.node);
  const active = features.filter((f) => f.status === 'active');
  const verdict: SdVerdict = c.errors > 0 ? 'errors' : retired && !active.length ? 'retired' : !active.length ? 'none' : c.warnings > 0 ? 'warnings' : 'eligible';
  return { item: it, data: itemData(ex, it.node), features: features.map((f) => f.id), findings: c.findings, verdict };
}

/**
 * Every item of the page judged as Google would: the rich result features its type can give
 * (retired ones said so), each feature's required and recommended properties and the kind of their
 * values (dates, URLs, currencies, durations, enumerations), from the Google page each rule cites;
 * then schema.org conformance (unknown types and properties, values outside a property's range)
 * against the vocabulary shipped with Crawlscope. Items of Googlebot's render that the HTML as
 * served lacks are added as `rendered` (added by JavaScript).
 */
export function validateStructuredData(input: ValidateInput): SdReport {
  const r = input.rendered;
  const served = input.served ? judgeServed(input.served, input.now, input.cutByte ?? input.served.cutResponseByte, r != null) : null;
  const added = r ? judgeRendered(r, new Set(served?.signatures ?? []), input.now) : null;
  return structuredReport([...(served?.items ?? []), ...(added?.items ?? [])], [...(served?.problems ?? []), ...(added?.problems ?? [])], V.version);
}

/** The HTML as served, judged: its items, its problems, and (when asked) each item's signature, to find it in a render. */
export interface ServedJudgement {
  items: SdJudged[];
  problems: SdProblem[];
  /** signature() of each served item: an item of the render with one of these is the served one, not added by JavaScript. */
  signatures: string[];
  /** The schema.org vocabulary's version. */
  vocabulary: string;
}

/** The served items judged (a tab does this where the HTML is read, and hands on the judgement). */
export function judgeServed(served: SdExtract, now: number, cutByte: number | null, withSignatures: boolean): ServedJudgement {
  const items: SdJudged[] = [];
  const signatures: string[] = [];
  for (const it of served.items) {
    items.push(judge(served, it, now, cutByte));
    if (withSignatures) signatures.push(signature(served, it));
  }
  return { items, problems: served.problems, signatures, vocabulary: V.version };
}

/** The render's items the HTML as served lacks (no served item has their signature), judged as added by JavaScript. */
export function judgeRendered(rendered: SdExtract, servedSignatures: ReadonlySet<string>, now: number): { items: SdJudged[]; problems: SdProblem[] } {
  const items: SdJudged[] = [];
  for (const it of rendered.items) if (!servedSignatures.has(signature(rendered, it))) items.push(judge(rendered, { ...it, status: 'rendered' }, now, null));
  return { items, problems: renderedProblems(rendered) };
}
