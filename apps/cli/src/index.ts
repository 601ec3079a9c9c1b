export { type Command, parseCommand, type SearchCommand, UsageError } from './args.ts';
export { type CliContext, type CliStream, EXIT_CODES, main } from './main.ts';
export { PROVIDER_DEFINITIONS } from './registry.ts';
