import { startProviderSimulator } from '@agent-search/testing/simulator';
import { mcpFigure } from './figures/mcp.ts';
const sim = await startProviderSimulator({ seed: 42 });
const f = await mcpFigure(sim, 100);
console.log(f.details.map((d) => d.join(': ')).join('\n'));
await sim.close();
process.exit(0);
