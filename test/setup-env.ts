// n8n-core reads these at import time: keep its config in a throw-away folder, never in ~/.n8n.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import { setGlobalState } from 'n8n-workflow';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-seller-test-'));
process.env.N8N_ENCRYPTION_KEY ??= 'seller-marketplace-test-encryption-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
// n8n's logger prints every node error a test provokes on purpose, five lines each in jest's output (most of a
// full run's output). It writes them to the throw-away folder's log file instead; the harness still sees every
// line through n8n's LoggerProxy (test/harness/secrets.ts), and a failing test shows its own error.
process.env.N8N_LOG_OUTPUT ??= 'file';

// The instance time zone (GENERIC_TIMEZONE), which workflows without their own setting use: UTC, so dates
// without offset mean the same in every test. Tests of time zones set their own (test/hardening/dates.test.ts).
setGlobalState({ defaultTimezone: 'UTC' });
