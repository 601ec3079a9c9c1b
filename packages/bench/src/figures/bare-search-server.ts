// The MCP figure's floor for any HTTP transport around our search: a bare `node:http` server in its own
// process that runs the search a `tools/call` names, on the client the MCP server builds from the same
// environment, and answers one JSON body. No MCP, no SDK, no views: what is left of an MCP call over HTTP
// once the protocol is taken away. Prints "listening on <url>" on stderr.
import { createServer } from 'node:http';
import { silentLogger } from '@agent-search/core';
import { PROVIDER_DEFINITIONS, searchClientFromEnv } from '@agent-search/mcp';

const { client } = await searchClientFromEnv(process.env, PROVIDER_DEFINITIONS, silentLogger);

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    const call = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const answer = await client.search({ query: String(call.params.arguments.query) });
    const body = JSON.stringify({ jsonrpc: '2.0', id: call.id, result: answer });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(0, '127.0.0.1', function (this: import('node:net').Server) {
  const { port } = this.address() as import('node:net').AddressInfo;
  process.stderr.write(`listening on http://127.0.0.1:${port}/\n`);
});
