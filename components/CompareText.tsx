import { i18n, tDynamic, type MessageKey, type MessageParam } from '#i18n';
import type { Agent, FetchErrorCode } from '../lib/crawl';
import type { Field, Finding, WhyCode } from '../lib/compare';

// The comparison's codes become message keys here; these checks fail to compile when
// locales/en.yml lacks a key for a code.
type Keys = MessageKey;
type FindingKey = Exclude<Finding['code'], 'fetchFailed'> | 'timeout' | 'redirectLoop' | 'tooManyRedirects' | 'badRedirect' | 'network';
const keysExist: [`compare.field.${Field}`, `compare.why.${WhyCode}`, `compare.finding.${FindingKey}`] extends [Keys, Keys, Keys] ? true : never = true;
void keysExist;


export const fieldLabel = (f: Field) => tDynamic(`compare.field.${f}`);
export const whyText = (code: WhyCode, params: readonly MessageParam[]) => tDynamic(`compare.why.${code}`, params);

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
  return tDynamic(`compare.finding.${key}`, [agentLabel(f.agent), ...f.params]);
}
