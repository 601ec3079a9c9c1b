import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** True when a `redis-server` binary is on the PATH. */
export function hasRedisServer(): boolean {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return probe.status === 0;
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts a throwaway redis-server (tests and benchmarks use a real one, never a stand-in) on loopback, without persistence, and waits until it accepts connections. */
export async function startRedisServer(port?: number): Promise<RunningRedis> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Redis for the tests: REDIS_URL, or a redis-server started here; '' when neither exists. */
    redisUrl: string;
    /** Whether tests may start their own redis-server (the outage test does). */
    redisServerBinary: boolean;
  }
}

/**
 * A vitest `globalSetup` that provides `redisUrl` (REDIS_URL, else a redis-server started for the run)
 * and `redisServerBinary`; `label` names the project in the warning when Redis tests must be skipped.
 * A package's `test/global-setup.ts` is `export default redisGlobalSetup('cache')`.
 */
export function redisGlobalSetup(label: string) {
  return async function setup(project: {
    provide(key: 'redisUrl' | 'redisServerBinary', value: string | boolean): void;
  }) {
    const binary = hasRedisServer();
    project.provide('redisServerBinary', binary);
    const fromEnv = process.env.REDIS_URL?.trim();
    if (fromEnv) {
      project.provide('redisUrl', fromEnv);
      return;
    }
    if (!binary) {
      project.provide('redisUrl', '');
      console.warn(
        `[${label}] Neither REDIS_URL nor a redis-server binary is available: the Redis tests are SKIPPED. ` +
          'Install redis-server or set REDIS_URL to run them.',
      );
      return;
    }
    const server = await startRedisServer();
    project.provide('redisUrl', server.url);
    return () => server.stop();
  };
}
