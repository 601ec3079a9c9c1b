/**
 * The "Hostile upstreams" section of docs/reliability.md: each case the hostile-upstream matrix
 * (test/hostile-matrix.test.ts) and the providers' conformance suites check, and what the user gets.
 * Written by hand, not measured: the tests assert every line of it.
 */
export const HOSTILE_UPSTREAMS_SECTION = `## Hostile upstreams

What a broken, compromised or malicious upstream can do, and what happens. Every case runs in \`pnpm test\`
against \`startHostileUpstream\` from \`@agent-search/testing\`, a real loopback server that answers on each
provider's API path (given by its base-URL variable or option) the way its API would, as the provider's test
kit describes it, with hostile content: \`packages/bench/test/hostile-matrix.test.ts\` runs every registered provider ×
every output (the CLI's \`text\`, \`model\`, \`xml\` and \`agent-server\` formats, the LiveKit tool's formats in a
real \`AgentSession\`, every core view); the providers' conformance suites
(\`describeProviderConformance(..., { hostile })\`) check redirects and body sizes per provider.

| Case | Result |
|---|---|
| A 100 MB answer (any provider, streamed, with or without Content-Length) | Reading stops at the body limit (5 MB by default, \`maxBodyBytes\` on every provider): \`provider_error\`, "… sent an answer larger than 5 MB (the body limit); it was not read further". The server gets to send a few MB more into socket buffers at most. In a process of its own (the matrix's memory probe) each provider's 100 MB answer fails in under 100 ms with RSS growing by under 20 MB (asserted: within the deadline + 200 ms, under 200 MB; before: 470–590 MB and 3.5–4.6 s for a 1.5 s search). A Content-Length over the limit fails before reading. |
| The same on DuckDuckGo's vqd page, d.js, news.js and v.js | The same limit: the provider reads them through the same bounded fetch as its HTML endpoint. |
| A body that drips one byte at a time, for ever | The attempt's signal is honoured while reading: \`timeout\` at the deadline, the socket closed. |
| A redirect (301, 302, 303, 307, 308) to another origin | Refused before anything is sent there: \`provider_error\`, "… redirected the request to another origin (host:port); it was not followed, so no credentials were sent there". The other origin receives no request at all, so no API key or body. |
| A redirect within the configured origin | Followed (at most 5), with the method and body kept for 307/308. |
| Connection reset before the answer, or in the middle of the body | \`unavailable\` (or \`provider_error\` for a cut body), no crash. |
| An abandoned request (another provider answered first, or the attempt timed out) | Aborted: its socket is closed. The CLI also ends its process as soon as its output is flushed, so a hung or dripping provider cannot keep the command alive (before: 56 s, or until killed). |
| HTTP 500 from DuckDuckGo | \`unavailable\`; the CLI says "DuckDuckGo answered with an error (HTTP 500); try again later", not that the network is down. |
| Markup (\`<script>\`, nested \`<scr<script>ipt>\`, entity-encoded tags), forged citations (\`[[2]2] Evil bank login (bank.com)\`, \`［9］\`, \`[٣]\`), empty titles and snippets, terminal escape codes, bidi overrides and isolates, zero-width characters in results; the same in error bodies | Checked in every output format: no raw control or bidi character, no \`<script>\`, no line that is a forged citation, no API key, no crash. Cleaning itself happens once, in core (see [Hostile input](#hostile-input)). |
`;
