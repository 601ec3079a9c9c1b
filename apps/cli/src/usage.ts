import { providerUsage } from '@agent-search/registry';
import { PROVIDER_DEFINITIONS } from './registry.ts';

export function usage(formats: readonly string[]): string {
  return `Usage:
  agent-search "<query>" [options]   search the web
  agent-search providers [--json]     list providers, their configuration and health
  agent-search read <url> [options]  read a page as Markdown (agent-search read --help)
  agent-search mcp [--http]           serve web_search to MCP clients (agent-search mcp --help)
  agent-search --help | --version

Search options:
  -m, --mode text|news|videos     what to search for (default text)
  -n, --max N                     number of results, 1-10 (default 5, or WEB_SEARCH_MAX_RESULTS)
  -t, --time d|w|m|y              only results from the past day, week, month or year
      --safe strict|moderate|off  safe search (default moderate)
      --site DOMAIN               only results from DOMAIN (repeatable)
      --exclude-site DOMAIN       no results from DOMAIN (repeatable)
      --region xx-yy              region and language, e.g. us-en, de-de
  -p, --profile NAME              a search profile: general, news, regulation, case, or SEARCH_PROFILES
      --json                      print the full response as JSON on stdout
      --format NAME               output format: ${formats.join(', ')}
      --timeout MS                deadline for the whole search (default 8000, or SEARCH_TIMEOUT_MS)
      --attempt-timeout MS        longest wait for one provider (default 4000, or SEARCH_ATTEMPT_TIMEOUT_MS)
      --no-cache                  ask the providers even when a cached answer exists

Exit codes: 0 results (or none found), 2 usage or configuration error, 3 the search failed.

${providerUsage(PROVIDER_DEFINITIONS)}`;
}
