#!/usr/bin/env node
// The `agent-search` command: the build's bundle/bin.js (bundle.mjs). This file is committed, so `pnpm install` in a fresh
// clone links the command (before anything is built) without a "Failed to create bin" warning.
import '../bundle/bin.js';
