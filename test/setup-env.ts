// n8n-core reads these at import time: keep its config in a throw-away folder, never in ~/.n8n.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-seller-test-'));
process.env.N8N_ENCRYPTION_KEY ??= 'seller-marketplace-test-encryption-key';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
