// The provider simulator in a process of its own, for figures where an upstream in the measuring process
// would flatter one contender: a call to it never waits for another process to be scheduled, as a call to
// a real upstream always does. Started by `startSimulatorProcess`; argv: the seed, the provider whose
// endpoint it serves, and its latency as JSON (default: it answers at once). It sends `{ baseURL }` once
// listening, and `{ calls }` when asked. A fifth argument, JSON `SimulatorProcessOptions`, chooses the
// real-shaped pages and compression.
import { loadProviderKits } from '@agent-search/registry/testing';
import { type LatencyDistribution, startProviderSimulator } from '@agent-search/testing/simulator';
import { REAL_SHAPED_CORPUS } from './real-upstream/corpus.ts';
import type { SimulatorProcessOptions } from './upstreams.ts';

const [seed, provider] = [Number(process.argv[2]), process.argv[3]!];
const latency: LatencyDistribution = process.argv[4] ? JSON.parse(process.argv[4]) : { kind: 'fixed', ms: 0 };
const options: SimulatorProcessOptions = process.argv[5] ? JSON.parse(process.argv[5]) : {};
const sim = await startProviderSimulator({
  kits: await loadProviderKits(),
  seed,
  ...(options.realPages ? { corpus: REAL_SHAPED_CORPUS } : {}),
  ...(options.compression ? { compression: options.compression } : {}),
});
sim.configure(provider, { latency });
process.on('message', (message: { type: string }) => {
  if (message.type === 'calls') process.send!({ calls: sim.calls(provider) });
});
process.on('disconnect', () => {
  void sim.close().finally(() => process.exit(0));
});
process.send!({ baseURL: sim.baseURL(provider) });
