import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { createSearchMemory, RedisFindingStore, type SearchMemory } from '@agent-search/memory';
import { hasRedisServer, type RunningRedis, startRedisServer } from '@agent-search/testing';
import { contractProviderDefinition } from '@agent-search/testing/contract-upstream';
import { describeToolContract } from '@agent-search/testing/tool-contract';
import { afterAll, beforeAll } from 'vitest';
import { EXIT_CODES, main } from '../src/main.ts';

// The web_search contract through the CLI's tool call: `agent-search --args '<json>' --format <format>`,
// the whole command (`main`: argument parsing, configuration from the environment, the search stack, the
// tool layer, stdout and the exit code) run in this process as the CLI's own tests run it, with the
// contract's provider as the one configuration knows. In-process because the matrix is ~380 calls: a
// process each would take minutes. `cli-tool-call.test.ts` spawns the command (bin.ts) for a few of them.

const ASKER = { botId: 'dotty', botName: 'Dotty' };
let redis: RunningRedis | undefined;
let learner: SearchMemory | undefined;
beforeAll(async () => {
  if (hasRedisServer()) redis = await startRedisServer();
});
afterAll(async () => {
  await learner?.close();
  await redis?.stop();
});

describeToolContract<typeof ASKER>({
  name: 'CLI --args',
  formats: WEB_SEARCH_FORMATS,
  flagsErrors: () => true,
  async call(setup, args) {
    const env: Record<string, string> = {
      SEARCH_TIMEOUT_MS: String(setup.timeoutMs),
      SEARCH_ATTEMPT_TIMEOUT_MS: String(setup.timeoutMs),
      ...(setup.configured ? { CONTRACT_BASE_URL: setup.upstreamUrl } : {}),
      ...(setup.trust === undefined ? {} : { SEARCH_MEMORY_TRUST: String(setup.trust) }),
      ...(setup.memory
        ? {
            REDIS_URL: redis!.url,
            SEARCH_MEMORY_BOT_ID: setup.memory.botId,
            SEARCH_MEMORY_BOT_NAME: setup.memory.botName,
            SEARCH_MEMORY_SCOPE: 'shared',
          }
        : {}),
    };
    let stdout = '';
    let stderr = '';
    const code = await main(['--args', JSON.stringify(args), '--format', setup.format], {
      env,
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: { write: (chunk: string) => (stderr += chunk) },
      definitions: [contractProviderDefinition],
    });
    if (code !== EXIT_CODES.ok && code !== EXIT_CODES.searchFailed) {
      throw new Error(`exit ${code}: ${stderr}`);
    }
    return { text: stdout.replace(/\n$/, ''), isError: code !== EXIT_CODES.ok };
  },
  memories() {
    if (!redis) throw new Error('the recalled-finding case needs redis-server on PATH');
    learner ??= createSearchMemory({
      botId: 'elena',
      botName: 'Elena',
      scope: 'shared',
      store: new RedisFindingStore({ url: redis.url }),
    });
    return { learner, asker: ASKER };
  },
});
