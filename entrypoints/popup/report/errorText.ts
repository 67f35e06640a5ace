import { tDynamic } from '#i18n';

/** An error that crossed a message boundary, in words: our codes are translated, others shown as they are. */
export function errorText(error: string | null): string {
  if (!error) return '';
  if (error.startsWith('bytes.error.')) return tDynamic(`bytes.errorCode.${error.slice('bytes.error.'.length)}`);
  if (error === 'timeout') return tDynamic('popup.requestTimeout');
  return error;
}
