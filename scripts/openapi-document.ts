/**
 * The OpenAPI document as the route table generates it, from the default configuration (not
 * the caller's environment) so the committed openapi/openapi.json is reproducible.
 */
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';

export async function generateOpenApi(): Promise<string> {
  const app = await buildApp({ ...loadConfig({}), logLevel: 'silent' }, { pool: false });
  try {
    await app.ready();
    return JSON.stringify(app.swagger(), null, 2) + '\n';
  } finally {
    await app.close();
  }
}
