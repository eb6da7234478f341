import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newApiKey } from '../modules/auth/api-keys.js';

/**
 * The bootstrap ADMIN key: ARBITER_ADMIN_KEY when set, otherwise (outside production) one
 * generated on first start and kept in the data directory. `generated` is true only on the start
 * that made it, the one time it is printed.
 */
export function resolveAdminKey(configured: string | undefined, dataDir: string): { key: string; generated: boolean; path?: string } {
  if (configured) return { key: configured, generated: false };
  const path = join(dataDir, 'admin-key');
  if (existsSync(path)) return { key: readFileSync(path, 'utf8').trim(), generated: false, path };
  mkdirSync(dataDir, { recursive: true });
  const key = newApiKey();
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  return { key, generated: true, path };
}
