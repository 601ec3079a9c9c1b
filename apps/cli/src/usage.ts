import { providerUsage } from '@agent-search/registry';
import { PROVIDER_DEFINITIONS } from './registry.ts';

export function usage(formats: readonly string[]): string {
  return `Usage:
  agent-search "<query>" [options]   search the web
  agent-search --args '<json>' [--format F] [--user ID]
                                     one web_search call as a model makes it (see below)
  agent-search providers [--json]     list providers, their configuration and health
  agent-search read <url> [options]  read a page as Markdown (agent-search read --help)
  agent-search mcp [--http]           serve web_search to MCP clients (agent-search mcp --help)
  agent-search --help | --version

Search options:
  -m, --mode text|news|videos     what to search for (default text)
  -n, --max N                     number of results, 1-10 (default 5, or WEB_SEARCH_MAX_RESULTS)
      --num-results N             the same as --max
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
      --user ID                   who is searching: their own rate limit (SEARCH_RATE_LIMIT), and the
                                  user the search memory records (forgetUser takes this id)

Tool call (the CLI as a web_search tool, for scripts and agents):
      --args JSON                 the model's web_search arguments, e.g. '{"query": "heat pumps",
                                  "max_results": "3", "time_range": "week"}', read as every surface reads
                                  them (numeric strings, any case, aliases, out-of-range clamped); only an
                                  empty or too long query is refused. Prints the tool's answer, or its
                                  failure, in --format: results, model (default), xml, agent-server,
                                  structured, sources, json. SEARCH_MEMORY_TRUST caps a stranger at 3.

Exit codes: 0 results (or none found), 2 usage or configuration error, 3 the search (or tool call) failed.

${providerUsage(PROVIDER_DEFINITIONS)}`;
}
