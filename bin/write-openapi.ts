import { readFileSync, writeFileSync } from 'node:fs';
import { openApiText, withOperationsTable } from '#lib/openapi.js';

/**
 * `npm run openapi`: writes what is generated from the operation registry: the internal API's description
 * (openapi.json) and the table of operations in docs/internal-api.md.
 */
writeFileSync(new URL('../openapi.json', import.meta.url), openApiText());
const table = new URL('../docs/internal-api.md', import.meta.url);
writeFileSync(table, withOperationsTable(readFileSync(table, 'utf8')));
