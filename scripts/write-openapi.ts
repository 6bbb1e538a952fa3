/** `npm run openapi`: regenerates openapi/openapi.json from the running route table. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateOpenApi } from './openapi-document.js';

// dist/scripts/write-openapi.js -> <package root>/openapi/openapi.json
const target = fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url));
mkdirSync(fileURLToPath(new URL('../../openapi/', import.meta.url)), { recursive: true });
writeFileSync(target, await generateOpenApi());
process.stdout.write(`wrote ${target}\n`);
