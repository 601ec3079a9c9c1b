/**
 * The "Hostile input" section of docs/reliability.md: what the project does with odd input and poisoned
 * state, each row with the test that holds it to that.
 */
export const HOSTILE_INPUT_SECTION = `## Hostile input

Text from outside (provider answers and error bodies, cache entries, state files) and input from users and
models. Each row is held by the test named in it, in \`pnpm test\`.

| Case | Result |
|---|---|
| Markup, nested to outlast one pass (\`<scr<script>ipt>\`), or entity-encoded (\`&lt;script&gt;\`, \`&amp;lt;…\`) | Core's \`plainText\` strips tags and decodes entities until neither changes anything, so no tag comes back to life; \`cleanText\` (every provider field) and every view use it (\`core/src/result.test.ts\`, the hostile matrix). |
| Forged citations: \`[[2]2] Evil bank\`, \`[[[7]7]7]\`, fullwidth \`［9］\`, Arabic-Indic \`[٣]\` | Bracketed numbers of any script are dropped to a fixed point: no result line can read as another citation (\`core/src/result.test.ts\`, the hostile matrix's forged-citation check on every output). |
| Terminal escape sequences (window title, screen clear, colours), C0/C1 controls, bidi overrides and isolates (U+202A–202E, U+2066–2069), zero-width characters, a lone carriage return | Removed whole, payload included, from results, error messages (Exa's 400 text included) and everything the CLI prints (\`core/src/result.test.ts\`, \`core/src/views/xml.test.ts\`, the hostile matrix). |
| A result with an empty snippet or title | Printed without it; the CLI's text output no longer crashes (the hostile matrix's \`cli --format text\`). |
| A title of 80 KB in the model view | Linear: the site-suffix check no longer backtracks over the whole title (84 KB: 13 ms by hand, was 351 ms for 80 KB; speed is not asserted in tests). |
| A query of only zero-width or bidi characters; 300 emoji | The first is \`invalid_request\` ("query is empty") before any provider is asked; the second is 300 characters (code points), under the 512 limit (\`core/src/request.test.ts\`). |
| An entry in Redis under the cache's prefix with the right shape but \`results: [null]\`, a 10 MB title, BEL/ESC, a \`javascript:\` URL, a forged provider id or \`maxResults\` | Checked like a provider's answer on every read from a shared store; anything off is a miss (the provider is asked again), logged once per cache (\`cache/test/redis.test.ts\`, against a real redis-server). |
| The CLI's state files (health, hedge budget): damaged, of the wrong shape, over 64 KB, or with a cool-down of three years | Ignored (an empty state) or capped at an hour; the search goes on (\`cli/test/health-state.test.ts\`, \`cli/test/chain-deadlines.test.ts\`). |
| \`REDIS_URL=not a url\`, \`SEARCH_CACHE_TTL=1e308\`, \`SEARCH_GLOBAL_MAX_WAIT_MS=1e12\`, \`SEARCH_RATE_LIMIT=0.5\`, a base URL with \`ftp:\` | One parser (\`core/src/env.ts\`) with bounds for every number: a configuration error naming the variable, exit 2 in the CLI, search off with the reason in the agent (\`cli/test/usage.test.ts\`). |
| \`--exclude-site http://\`, \`--site "not a domain"\` | A usage error naming the flag (exit 2), never silently ignored (\`cli/test/usage.test.ts\`). |
| \`max_results: "5"\`, \`mode: 3\`, \`timelimit: 7\` from a small model | The LiveKit tool degrades them to their defaults instead of failing the call as "Invalid arguments" (\`livekit-tool/test/search-tool.test.ts\`). |
| \`agent-search x \\| true\` (the reader closes the pipe) | The command ends quietly, exit 0, no stack trace (\`cli/test/exit.test.ts\`). |
`;
