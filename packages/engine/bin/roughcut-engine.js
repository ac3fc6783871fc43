#!/usr/bin/env node
// Shim for the `roughcut-engine` bin: Node 24 runs the TypeScript entry directly.
import { main } from '../src/cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
