// pnpm loads this file before it resolves anything, for every command: on a Node that is too old, the
// one sentence of scripts/check-node.cjs is all a newcomer sees, not an engine warning per package first.
require('./scripts/check-node.cjs');

module.exports = {};
