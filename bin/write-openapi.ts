import { readFileSync, writeFileSync } from 'node:fs';
import { openApiText, withOperationsTable } from '#lib/openapi.js';

/**
 * `npm run openapi`: writes what is generated from the operation registry: the internal API's description
 * (openapi.json) and the README's table of operations.
 */
writeFileSync(new URL('../openapi.json', import.meta.url), openApiText());
const readme = new URL('../README.md', import.meta.url);
writeFileSync(readme, withOperationsTable(readFileSync(readme, 'utf8')));
