import { i18n, type GeneratedI18nStructure } from '#i18n';
import type { Agent, Field, Finding, FetchErrorCode, Severity, WhyCode } from '../lib/compare';
import { formatInt } from './format';

// The comparison's codes become message keys here; these checks fail to compile when
// locales/en.yml lacks a key for a code.
type Keys = keyof GeneratedI18nStructure;
type FindingKey = Exclude<Finding['code'], 'fetchFailed'> | 'timeout' | 'redirectLoop' | 'tooManyRedirects' | 'badRedirect' | 'network';
const keysExist: [`compare.field.${Field}`, `compare.why.${WhyCode}`, `compare.finding.${FindingKey}`] extends [Keys, Keys, Keys] ? true : never = true;
void keysExist;

const untyped = i18n.t as unknown as (key: string, subs?: string[]) => string;

/** Numbers in parameters are shown in the UI language's format (2,310). */
const fmt = (params: readonly string[]) => params.map((p) => (/^-?\d+$/.test(p) ? formatInt(Number(p)) : p));

export const fieldLabel = (f: Field) => untyped(`compare.field.${f}`);
export const whyText = (code: WhyCode, params: readonly string[]) => untyped(`compare.why.${code}`, fmt(params));

const ERROR_KEY: Record<FetchErrorCode, FindingKey> = {
  timeout: 'timeout',
  'redirect-loop': 'redirectLoop',
  'too-many-redirects': 'tooManyRedirects',
  'bad-redirect': 'badRedirect',
  network: 'network',
};

export function agentLabel(a: Agent | 'both'): string {
  return a === 'mobile' ? i18n.t('compare.agentMobile') : a === 'desktop' ? i18n.t('compare.agentDesktop') : i18n.t('compare.agentBoth');
}

export function findingText(f: Finding): string {
  const key = f.code === 'fetchFailed' ? ERROR_KEY[f.error ?? 'network'] : f.code;
  return untyped(`compare.finding.${key}`, [agentLabel(f.agent), ...fmt(f.params)]);
}

export function severityLabel(s: Severity): string {
  return s === 'critical' ? i18n.t('compare.severityCritical') : s === 'warning' ? i18n.t('compare.severityWarning') : i18n.t('compare.severityInfo');
}
