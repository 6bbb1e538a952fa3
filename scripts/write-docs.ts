/**
 * `npm run docs`: writes docs/tools.md from the registry, and refreshes the generated blocks of
 * README.md (profile matrix) and docs/accuracy.md (measured bounds) between their markers.
 * test/docs/docs.test.ts fails when any of them is stale.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateToolsDocument, withProfileMatrix } from './tools-document.js';
import { withMeasuredBounds } from './accuracy-document.js';

// dist/scripts/write-docs.js -> <package root>/
const root = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));

function refresh(file: string, update: (text: string) => string): void {
  const text = readFileSync(root(file), 'utf8');
  const updated = update(text);
  if (updated !== text) {
    writeFileSync(root(file), updated);
    process.stdout.write(`updated ${file}\n`);
  }
}

mkdirSync(root('docs'), { recursive: true });
const tools = generateToolsDocument();
if (readFileSync(root('docs/tools.md'), { encoding: 'utf8', flag: 'a+' }) !== tools) {
  writeFileSync(root('docs/tools.md'), tools);
  process.stdout.write('wrote docs/tools.md\n');
}
refresh('README.md', withProfileMatrix);
refresh('docs/accuracy.md', withMeasuredBounds);
