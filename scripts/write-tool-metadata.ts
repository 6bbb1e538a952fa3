/**
 * Writes src/tools/tool-metadata.json: every registered tool's metadata as JSON, which
 * the server's main thread reads instead of importing the tool modules (src/tools/lazy-registry.ts).
 * Run after changing a tool's schema, description or examples (`npm run openapi` does it, and rebuilds before writing openapi.json from it);
 * test/api/lazy-registry.test.ts fails while the file is out of date.
 *
 * Usage: node dist/scripts/write-tool-metadata.js
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TOOLS } from '../src/tools/registry.js';
import { toolMetadataJson } from '../src/tools/tool-metadata.js';

export const TOOL_METADATA_FILE = fileURLToPath(new URL('../../src/tools/tool-metadata.json', import.meta.url));

/** The generated file's text for these tools (one tool per line, so a change shows as a readable diff). */
export function toolMetadataFile(tools = TOOLS): string {
  return toolMetadataJson(tools) + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TOOL_METADATA_FILE, toolMetadataFile());
  process.stdout.write(`wrote ${TOOL_METADATA_FILE}\n`);
}
