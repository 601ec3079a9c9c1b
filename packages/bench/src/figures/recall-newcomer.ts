// A new bot in a fresh process (the recall figure starts one per run): it loads the memory package, makes
// its memory on the bench's Redis, asks one question with the default recall deadline, and reports on
// stdout, as one line of JSON, what that cost. Started by `recall.ts` as
// `node --import source-hooks.ts recall-newcomer.ts <redis url> <key prefix> <bot id> <question> <answer>`.

const processStarted = performance.now();
const [url, keyPrefix, botId, question, answer] = process.argv.slice(2);
if (!url || !keyPrefix || !botId || !question || !answer) {
  throw new Error('usage: recall-newcomer.ts <redis url> <key prefix> <bot id> <question> <answer>');
}

const loading = performance.now();
const { createSearchMemory, RedisFindingStore } = await import('@agent-search/memory');
const loadMs = performance.now() - loading;

const memory = createSearchMemory({
  botId,
  scope: 'shared',
  retention: { maxFindings: 10_000 },
  store: new RedisFindingStore({ url, keyPrefix }),
});
const cpu = process.cpuUsage();
const started = performance.now();
let outcome: 'answered' | 'timed out' | 'wrong';
let found: string | undefined;
try {
  found = (await memory.recall(question))[0]?.query;
  outcome = found === answer ? 'answered' : 'wrong';
} catch (error) {
  if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
  outcome = 'timed out';
}
const firstMs = performance.now() - started;
const recallCpu = process.cpuUsage(cpu);
const total = process.cpuUsage();
await memory.close();
process.stdout.write(
  `${JSON.stringify({
    outcome,
    found,
    firstMs,
    cpuMs: (recallCpu.user + recallCpu.system) / 1_000,
    loadMs,
    processCpuMs: (total.user + total.system) / 1_000,
    sinceStartMs: performance.now() - processStarted,
  })}\n`,
);
