import type { PreferenceLine } from '../robots';
import { readPreferenceValue, type PreferenceValue } from './readPreferenceValue';

/** Each line read once per parse (a line object lives as long as its parse). */
const readCache = new WeakMap<PreferenceLine, PreferenceValue>();

/** A robots.txt preference line, read (and remembered). */
export function readLine(l: PreferenceLine): PreferenceValue {
  let v = readCache.get(l);
  if (!v) {
    v = readPreferenceValue(l.key, l.value);
    readCache.set(l, v);
  }
  return v;
}
