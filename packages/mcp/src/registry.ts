// The providers the server offers are the project's registry: the CLI and the agent app read the same one.
export { PROVIDER_DEFINITIONS } from '@agent-search/registry';
