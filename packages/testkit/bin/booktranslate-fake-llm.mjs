#!/usr/bin/env node
// Runs the TypeScript source through tsx, since the workspace has no build step.
import { register } from 'tsx/esm/api';

register();
process.env.BOOKTRANSLATE_FAKE_LLM_MAIN = '1';
await import('../src/llm/fake-llm-cli.ts');
