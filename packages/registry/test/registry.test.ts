import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROVIDER_TABLE_PAGES, tableFor } from '../scripts/provider-docs.ts';
import { PROVIDER_DEFINITIONS, withProviderTable } from '../src/index.ts';
import { loadProviderKits, providerKit } from '../src/testing.ts';

const root = new URL('../../../', import.meta.url);
const providersDir = new URL('packages/providers/', root);
const folders = readdirSync(providersDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const packageOf = (folder: string) =>
  JSON.parse(readFileSync(new URL(`${folder}/package.json`, providersDir), 'utf8')) as {
    name: string;
    exports: Record<string, unknown>;
  };
const registryManifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('the registry against packages/providers', () => {
  it.each(folders)(
    'packages/providers/%s is registered through its /definition entry point',
    async (folder) => {
      const manifest = packageOf(folder);
      expect(manifest.exports['./definition'], `${manifest.name} exports ./definition`).toBeDefined();
      expect(registryManifest.dependencies[manifest.name], `the registry depends on ${manifest.name}`).toBe(
        'workspace:*',
      );
      const { providerDefinition } = (await import(`${manifest.name}/definition`)) as {
        providerDefinition: (typeof PROVIDER_DEFINITIONS)[number];
      };
      expect(PROVIDER_DEFINITIONS).toContain(providerDefinition);
    },
  );

  it('registers nothing without a folder, and each provider once', () => {
    expect(PROVIDER_DEFINITIONS).toHaveLength(folders.length);
    const ids = PROVIDER_DEFINITIONS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    const providerDependencies = Object.keys(registryManifest.dependencies).filter((name) =>
      name.startsWith('@agent-search/provider-'),
    );
    expect(providerDependencies.sort()).toEqual(folders.map((f) => packageOf(f).name).sort());
  });

  it("loads every registered provider's test kit from its package's ./testing entry point", async () => {
    const kits = await loadProviderKits();
    expect(kits.map((kit) => kit.definition.id)).toEqual(PROVIDER_DEFINITIONS.map((d) => d.id));
    for (const [i, kit] of kits.entries()) {
      expect(kit.definition).toMatchObject({
        id: PROVIDER_DEFINITIONS[i]!.id,
        name: PROVIDER_DEFINITIONS[i]!.name,
      });
      expect(kit.route.path === '' || kit.route.path.startsWith('/'), kit.definition.id).toBe(true);
      expect(Boolean(kit.apiKey), `${kit.definition.id} has a test key exactly when it needs one`).toBe(
        Boolean(kit.definition.apiKeyEnv),
      );
    }
    await expect(providerKit('nonesuch')).rejects.toThrow(/no provider "nonesuch"/);
  });

  it.each(PROVIDER_DEFINITIONS.map((d) => [d.id, d] as const))('%s has docs/providers/<id>.md', (id) => {
    expect(existsSync(new URL(`docs/providers/${id}.md`, root))).toBe(true);
  });

  it.each(PROVIDER_DEFINITIONS.map((d) => [d.id, d] as const))(
    '%s: load() builds the provider the definition describes',
    async (_, definition) => {
      const env: Record<string, string> = {};
      if (definition.apiKeyEnv) env[definition.apiKeyEnv] = 'registry-test-key-0123456789';
      if (definition.baseUrlRequired && definition.baseUrlEnv)
        env[definition.baseUrlEnv] = 'http://127.0.0.1:9';
      const provider = (await definition.load()).fromEnv(env);
      expect(provider).toMatchObject({
        id: definition.id,
        name: definition.name,
        capabilities: definition.capabilities,
        configured: true,
      });
      // A key is required unless the API has a keyless mode.
      expect(definition.capabilities.requiresApiKey).toBe(
        Boolean(definition.apiKeyEnv) && !definition.keyless,
      );
      if (definition.keyless) {
        const { [definition.apiKeyEnv!]: _, ...keyless } = env;
        expect((await definition.load()).fromEnv(keyless).configured).toBe(true);
        const off = { ...keyless, [definition.keyless.env]: '0' };
        expect((await definition.load()).fromEnv(off).configured).toBe(false);
      }
    },
  );
});

describe('generated provider tables', () => {
  it.each(PROVIDER_TABLE_PAGES.map((p) => [p.page, p] as const))(
    '%s lists the registry (run `pnpm --filter @agent-search/registry docs` when this fails)',
    (_, { page, docsPath }) => {
      const text = readFileSync(new URL(page, root), 'utf8');
      expect(withProviderTable(text, tableFor(docsPath))).toBe(text);
    },
  );
});

describe('importing the registry', () => {
  it('loads each provider definition module and nothing else of the provider packages', async () => {
    // A child process, so the test runner's own imports do not count; resolve hooks record every module.
    const probe = `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); loaded.push(r.url); return r; } });
      await import('@agent-search/registry');
      console.log(JSON.stringify(loaded));
    `;
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--conditions=source', '--input-type=module', '-e', probe],
        { cwd: new URL('..', import.meta.url) },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    );
    const loaded = (JSON.parse(stdout) as string[]).filter((url) => url.includes('/packages/providers/'));
    expect(loaded.length).toBe(PROVIDER_DEFINITIONS.length);
    for (const url of loaded) expect(url).toMatch(/\/packages\/providers\/[a-z-]+\/src\/definition\.ts$/);
    expect(JSON.parse(stdout).some((url: string) => url.includes('duck-duck-scrape'))).toBe(false);
  });
});
