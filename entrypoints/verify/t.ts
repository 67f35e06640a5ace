import { i18n } from '#i18n';

/** Translate a key built from a result's code (keys under `verify:` in locales/en.yml). */
export function tc(key: string, params: (string | number)[] = []): string {
  return (i18n.t as unknown as (k: string, p?: string[]) => string)(key, params.map(String));
}

export const fmtInt = (n: number) => n.toLocaleString('en-US');

export function fmtBytes(n: number): string {
  if (n < 1024) return `${fmtInt(n)} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
