// The simulated DuckDuckGo upstream in a process of its own, as the real one is: HTTPS on port 443 of a
// loopback address (argv[2]), the real-shaped pages of `corpus.ts`, compressed as each request's
// Accept-Encoding asks or never (argv[3]: 'as-asked' | 'none'). Key and certificate come in
// BENCH_TLS_KEY / BENCH_TLS_CERT. Sends `{ ready: true }` once listening and `{ calls }` when asked.
import { loadProviderKits } from '@agent-search/registry/testing';
import { type SimulatorCompression, startProviderSimulator } from '@agent-search/testing/simulator';
import { REAL_SHAPED_CORPUS } from './corpus.ts';

const [address, compression] = [process.argv[2]!, process.argv[3] as SimulatorCompression];
const sim = await startProviderSimulator({
  kits: await loadProviderKits(),
  corpus: REAL_SHAPED_CORPUS,
  tls: { key: process.env.BENCH_TLS_KEY!, cert: process.env.BENCH_TLS_CERT! },
  listen: { host: address, port: 443 },
  compression,
});
process.on('message', (message: { type: string }) => {
  if (message.type === 'calls') process.send!({ calls: sim.calls('duckduckgo') });
});
process.on('disconnect', () => {
  void sim.close().finally(() => process.exit(0));
});
process.send!({ ready: true });
