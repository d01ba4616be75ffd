/**
 * Same environment as test/setup-env.ts, set before anything loads n8n-core (it reads these at import
 * time): its config lives in a throw-away folder, never in ~/.n8n. Import this module first.
 */
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-seller-bench-'));
process.env.N8N_ENCRYPTION_KEY ??= 'seller-marketplace-test-encryption-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
// n8n's logger would print the node's info lines (e.g. "Up to 900 more new orders follow…") into the Markdown
// report on stdout: they go to the throw-away folder's log file, as in the tests (test/setup-env.ts).
process.env.N8N_LOG_OUTPUT ??= 'file';
