#!/usr/bin/env node
// `tos-ratings` command: loads TypeScript through tsx, then runs the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
