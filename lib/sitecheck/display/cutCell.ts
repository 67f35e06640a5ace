import type { Translate } from '../../report';
import type { SiteRow } from '../siteRow';
import { noneText } from './noneText';

/** The response offset where Googlebot stops reading, formatted by `number` (Intl in the UI language). */
export const cutCell = (r: SiteRow, t: Translate, number: (n: number) => string): string => (r.cutOffset === null ? noneText(t) : number(r.cutOffset));
