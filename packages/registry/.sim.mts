const { startProviderSimulator } = await import('/work/wt/docs/packages/testing/src/simulator/index.ts');
const { loadProviderKits } = await import('/work/wt/docs/packages/registry/src/testing.ts');
const simulator = await startProviderSimulator({ kits: await loadProviderKits() });
console.log(simulator.origin);
setInterval(() => {}, 1000);
