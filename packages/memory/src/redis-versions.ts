import type { Redis } from 'ioredis';

/**
 * How long a version read is trusted while the store hears Redis's change notices: a notice lost (or a
 * writer that does not publish) delays what a reader sees by at most this.
 */
export const VERSION_TRUST_MS = 1_000;

/**
 * Version caches in this process that hear notices, by Redis server and prefix: a write through any store
 * on the same server and prefix is known to them at once.
 */
const neighbours = new Map<string, Set<TrustedVersions>>();

/**
 * The namespaces' versions a `RedisFindingStore` read, trusted while it is subscribed to the change
 * notices its scripts publish (on a connection of its own) and no notice, or write in this process, said
 * the namespace changed since, for at most `VERSION_TRUST_MS`: a recall with nothing new makes no round
 * trip.
 */
export class TrustedVersions {
  readonly #client: Redis;
  readonly #neighbourhood: string;
  readonly #channel: string;
  readonly #versions = new Map<string, { version: string; at: number }>();
  #subscriber: Redis | undefined;
  #listening = false;
  #notices = 0;
  #closed = false;

  constructor(client: Redis, prefix: string) {
    this.#client = client;
    this.#channel = `${prefix}changes`;
    const { host, port, path, db } = client.options;
    this.#neighbourhood = `${path ?? `${host}:${port}`}/${db ?? 0}/${prefix}`;
  }

  /** Forgets trusted versions (of one namespace, or all): the next read asks Redis. */
  #changed(namespace?: string): void {
    this.#notices++;
    if (namespace === undefined) this.#versions.clear();
    else this.#versions.delete(namespace);
  }

  /** Tells this cache and the listening ones in this process on the same Redis and prefix of a write. */
  wrote(namespace?: string): void {
    this.#changed(namespace);
    for (const other of neighbours.get(this.#neighbourhood) ?? []) other.#changed(namespace);
  }

  /**
   * The versions, from the last read when every one is trusted, else from `read` (one MGET), which is
   * trusted from then on only if the cache was subscribed before it was sent and no notice came while it
   * was on its way.
   */
  async get(namespaces: readonly string[], read: () => Promise<string[]>): Promise<string[]> {
    this.#listen();
    const started = performance.now();
    if (this.#listening) {
      const trusted = namespaces.map((ns) => this.#versions.get(ns));
      if (trusted.every((v) => v !== undefined && started - v.at < VERSION_TRUST_MS)) {
        return trusted.map((v) => v!.version);
      }
    }
    const listening = this.#listening;
    const notices = this.#notices;
    const values = await read();
    if (listening && this.#listening && notices === this.#notices) {
      for (const [i, ns] of namespaces.entries())
        this.#versions.set(ns, { version: values[i]!, at: started });
    }
    return values;
  }

  /** Subscribes, once, to the change notices the scripts publish, on a connection of its own. */
  #listen(): void {
    if (this.#subscriber || this.#closed) return;
    let group = neighbours.get(this.#neighbourhood);
    if (!group) {
      group = new Set();
      neighbours.set(this.#neighbourhood, group);
    }
    group.add(this);
    const subscriber = this.#client.duplicate();
    this.#subscriber = subscriber;
    const subscribe = () => {
      subscriber.subscribe(this.#channel).then(
        () => {
          if (subscriber.status !== 'ready' || this.#closed) return;
          this.#listening = true;
          this.#changed();
        },
        () => {}, // not allowed to subscribe, or down: versions are read every time
      );
    };
    subscriber.on('error', () => {}); // the store's own connection reports outages
    subscriber.on('message', (_channel: string, namespace: string) => this.#changed(namespace));
    subscriber.on('close', () => {
      this.#listening = false;
      this.#changed();
    });
    subscriber.on('ready', subscribe);
  }

  close(): void {
    this.#closed = true;
    this.#listening = false;
    const group = neighbours.get(this.#neighbourhood);
    group?.delete(this);
    if (group?.size === 0) neighbours.delete(this.#neighbourhood);
    this.#subscriber?.disconnect();
  }
}
