// The hostile upstream of the hostile-answers figure, in a process of its own: building and sending a 5 MB
// answer must not count as the measured process holding its event loop. Serves `/<provider id>/<shape>…`
// (any method, any path below) with that provider's hostile answer of that shape, and sends `{ origin }`
// once listening.
import { createServer } from 'node:http';
import { loadProviderKits } from '@agent-search/registry/testing';
import { hostileAnswerCases } from './hostile-answers.ts';

const answers = new Map<string, { status: number; contentType: string; body: Buffer }>();
for (const kit of await loadProviderKits()) {
  for (const c of hostileAnswerCases(kit)) {
    answers.set(`${kit.definition.id}/${encodeURIComponent(c.shape)}`, {
      status: c.status,
      contentType: c.contentType,
      body: Buffer.from(c.body),
    });
  }
}
const server = createServer((request, response) => {
  const [, id, shape] = new URL(request.url ?? '/', 'http://upstream').pathname.split('/');
  const answer = answers.get(`${id}/${shape}`);
  request.resume();
  request.on('end', () => {
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, {
      'content-type': answer.contentType,
      'content-length': answer.body.length,
    });
    response.end(answer.body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send!({ origin: `http://127.0.0.1:${port}` });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
