import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SimulatorCompression } from '@agent-search/testing/simulator';
import { duckDuckGoCertificate } from './certificate.ts';

/**
 * The workload users get from DuckDuckGo, for the search and throughput figures: real-shaped pages over
 * HTTPS from an upstream process of its own, compressed as asked (or never, for the same bytes
 * uncompressed), and the same behind a simulated link. Clients reach it by name: each measuring process
 * resolves DuckDuckGo's hosts to one of these loopback addresses (`resolve-hook.ts`) and trusts the
 * certificate (NODE_EXTRA_CA_CERTS), so every contender keeps its own HTTP stack.
 */
export interface RealUpstreams {
  /** Where each series' clients connect (port 443): compressed as asked, never compressed, the link. */
  readonly addresses: Record<RealSeries, string>;
  /** The certificate's PEM file, for NODE_EXTRA_CA_CERTS. */
  readonly caFile: string;
  close(): Promise<void>;
}

export type RealSeries = 'compressed' | 'identity' | 'link';

/** The simulated link: a round trip and a rate, each direction (a good home connection far from the server). */
export const LINK = { rttMs: 30, mbitPerSecond: 10 } as const;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const SOURCE_HOOKS = here('../source-hooks.ts');

function waitReady(child: ChildProcess, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${what} exited (${code})`));
    child.once('exit', onExit);
    child.once('message', () => {
      child.off('exit', onExit);
      resolve();
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.disconnect();
  await exited;
}

/** A loopback address of its own for each series, so helpers running benches side by side do not collide on 443. */
function loopbackAddresses(): Record<RealSeries, string> {
  const a = 16 + Math.floor(Math.random() * 200);
  const b = Math.floor(Math.random() * 250);
  return { compressed: `127.${a}.${b}.1`, identity: `127.${a}.${b}.2`, link: `127.${a}.${b}.3` };
}

export async function startRealUpstreams(): Promise<RealUpstreams> {
  const certificate = duckDuckGoCertificate();
  const dir = mkdtempSync(join(tmpdir(), 'agent-search-bench-ca-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, certificate.cert);
  const addresses = loopbackAddresses();
  const env = { ...process.env, BENCH_TLS_KEY: certificate.key, BENCH_TLS_CERT: certificate.cert };
  const upstream = (address: string, compression: SimulatorCompression) =>
    fork(here('./upstream-process.ts'), [address, compression], {
      execArgv: ['--import', SOURCE_HOOKS],
      env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
  const children = [
    upstream(addresses.compressed, 'as-asked'),
    upstream(addresses.identity, 'none'),
    fork(
      here('./link-process.ts'),
      [addresses.link, addresses.compressed, String(LINK.rttMs), String(LINK.mbitPerSecond)],
      { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    ),
  ];
  const close = async () => {
    await Promise.all(children.map(stop));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(children.map((child, i) => waitReady(child, `real upstream ${i}`)));
  } catch (error) {
    await close();
    throw error;
  }
  return { addresses, caFile, close };
}

/**
 * Runs `module` (a file of this folder) in a measuring process whose DuckDuckGo hosts resolve to the
 * series' address; sends it `input` and resolves with its one answer.
 */
export async function measureIn<I, O>(
  upstreams: RealUpstreams,
  series: RealSeries,
  module: string,
  input: I,
): Promise<O> {
  const child = fork(here(module), [], {
    execArgv: ['--expose-gc', '--import', SOURCE_HOOKS, '--import', here('./resolve-hook.ts')],
    env: {
      ...process.env,
      BENCH_DUCKDUCKGO_ADDRESS: upstreams.addresses[series],
      NODE_EXTRA_CA_CERTS: upstreams.caFile,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const answer = new Promise<O>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the measuring process exited (${code})`)));
      child.once('message', (message: { error?: string; result?: O }) =>
        message.error ? reject(new Error(message.error)) : resolve(message.result as O),
      );
    });
    child.send(input as object);
    return await answer;
  } finally {
    await stop(child);
  }
}
