/**
 * How long a test, a hook, an `expect.poll`, a `vi.waitFor` or a child process a test starts may take
 * before it counts as hung. A bound on hangs, never a verdict on speed: on 2 cores shared with other work
 * (load average 20–40) a test that takes 1 s on a quiet machine takes 20 s or more, and a test must fail for
 * what it asserts, not for the machine's load. Speed is measured in `pnpm bench` (packages/bench).
 */
export const HANG_MS = 180_000;
