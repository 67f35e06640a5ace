import { parseRobotsTxt } from './parseRobotsTxt';
import { matchAgent } from './matchAgent';

/** Exactly Google's RobotsMatcher::OneAgentAllowedByRobots(robotsTxt, userAgent, url). */
export function isAllowed(robotsTxt: string | Uint8Array, userAgent: string, url: string): boolean {
  return matchAgent(parseRobotsTxt(robotsTxt), userAgent, url).allowed;
}
