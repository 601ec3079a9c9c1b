import { readBoolean } from './env.ts';
import type { Env, ProviderDefinition } from './provider.ts';

// Consent is a property of a definition, never a provider id here: a provider whose key users set for
// something else (an LLM vendor's key, set for the model) costs money the user did not agree to spend on
// search, so having the key is not enough to use it.

/** True when the definition's paid search needs the configuration to ask for it by name or switch. */
export function needsConsent(definition: ProviderDefinition): boolean {
  return definition.consent !== undefined;
}

/** True when the definition's consent switch (`consent.env`, such as SEARCH_NATIVE) is on. */
export function consentSwitchOn(definition: ProviderDefinition, env: Env): boolean {
  return definition.consent !== undefined && readBoolean(env, definition.consent.env, false);
}

/** How the user turns the provider on, in a clause: "set SEARCH_NATIVE=1 or list native in SEARCH_PROVIDER_PRIORITY". */
export function consentHint(definition: ProviderDefinition): string {
  const name = definition.group ?? definition.id;
  return `set ${definition.consent?.env ?? 'SEARCH_PROVIDER_PRIORITY'}=1 or list ${name} in SEARCH_PROVIDER_PRIORITY`;
}
