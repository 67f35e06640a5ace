import { describe, expect, it } from 'vitest';
import { severityLabel } from '../../../lib/report';
import { messagesOf, say, sayIn } from '../../support/say';

describe('severityLabel', () => {
  it('each severity its own word, in every language', () => {
    const t = (key: string) => say(key);
    expect(['critical', 'warning', 'info'].map((s) => severityLabel(s as 'critical', t))).toEqual([say('compare.severityCritical'), say('compare.severityWarning'), say('compare.severityInfo')]);
    expect(new Set(['critical', 'warning', 'info'].map((s) => severityLabel(s as 'critical', t))).size).toBe(3);
    const de = (key: string) => sayIn('de', key);
    expect(severityLabel('critical', de)).toBe(messagesOf('de')['compare.severityCritical']);
  });
});
