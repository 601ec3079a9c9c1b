import { registerHooks } from 'node:module';

// Runs the workspace's own packages from their TypeScript sources (the "source" export condition), like
// the tests do, without asking every third-party package for its "source" files too.
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('@agent-search/')) {
      return nextResolve(specifier, { ...context, conditions: ['source', ...context.conditions] });
    }
    return nextResolve(specifier, context);
  },
});
