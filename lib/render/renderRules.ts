import type { RenderLift } from './types';

/**
 * What one render applies: Googlebot's rules (lib/render/renderPolicy's sources), all of them or
 * all but one (an experiment that finds a difference's cause), or none (a visitor's render: the
 * same browser, window, viewport, empty storage and no cookies — only Googlebot's rules lifted).
 */
export interface RenderRules {
  /** Googlebot's render (perhaps with one rule lifted), or a visitor's. */
  as: 'googlebot' | 'visitor';
  /** The User-Agent of every request and of navigator.userAgent. */
  userAgent: string;
  /** The document cut at the byte limit, headers included ("as if it were the complete file"). */
  cutDocument: boolean;
  /** robots.txt asked before every request (the document, each redirect, each resource). */
  robots: boolean;
  /** URLs robots.txt is not asked for (an experiment lifting one robots.txt line). */
  robotsExempt: readonly string[];
  /** Each resource cut at its own 2 MB. */
  cutResources: boolean;
  /** Images, video, fonts and beacons fetched as a browser fetches them (Google's renderer does not). */
  fetchAllKinds: boolean;
}

export const googlebotRules = (userAgent: string): RenderRules => ({
  as: 'googlebot',
  userAgent,
  cutDocument: true,
  robots: true,
  robotsExempt: [],
  cutResources: true,
  fetchAllKinds: false,
});

export const visitorRules = (userAgent: string): RenderRules => ({
  as: 'visitor',
  userAgent,
  cutDocument: false,
  robots: false,
  robotsExempt: [],
  cutResources: false,
  fetchAllKinds: true,
});

/** Googlebot's rules with one lifted (the visitor's User-Agent given for a lifted User-Agent). */
export function liftRule(rules: RenderRules, lift: RenderLift, visitorUserAgent: string): RenderRules {
  switch (lift.rule) {
    case 'robots':
      return { ...rules, robotsExempt: [...rules.robotsExempt, ...lift.urls] };
    case 'cut':
      return { ...rules, cutDocument: false };
    case 'resourceCut':
      return { ...rules, cutResources: false };
    case 'notFetched':
      return { ...rules, fetchAllKinds: true };
    case 'userAgent':
      return { ...rules, userAgent: visitorUserAgent };
  }
}

/** Is robots.txt asked for this URL under these rules? */
export const robotsApplies = (rules: RenderRules, url: string): boolean => rules.robots && !rules.robotsExempt.includes(url);
