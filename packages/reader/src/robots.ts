import robotsParserModule from 'robots-parser';

// A CommonJS module whose typings declare an ES default export: at run time the default is the function.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

/** Robots rules of one origin: whether a URL may be read by `agent`. */
export interface RobotsRules {
  isAllowed(url: string, agent: string): boolean | undefined;
}

export const ALLOW_ALL: RobotsRules = { isAllowed: () => true };
// 401/403 on robots.txt: the site does not welcome robots at all (as crawlers and the reference MCP fetch read it).
export const DISALLOW_ALL: RobotsRules = { isAllowed: () => false };

export function parseRobots(robotsUrl: string, body: string): RobotsRules {
  return robotsParser(robotsUrl, body);
}
