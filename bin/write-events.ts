import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { eventSchemaFiles, eventTypesText } from '#lib/event-schemas.js';

/**
 * `npm run events`: writes what is generated from the event catalogue: a JSON Schema per event in
 * `events/schemas/` (a schema of an event that no longer exists is removed) and `events/types.ts`.
 */
const folder = new URL('../events/schemas/', import.meta.url);
mkdirSync(folder, { recursive: true });
const files = eventSchemaFiles();
for (const name of readdirSync(folder)) if (!files.has(name)) rmSync(new URL(name, folder));
for (const [name, text] of files) writeFileSync(new URL(name, folder), text);
writeFileSync(new URL('../events/types.ts', import.meta.url), eventTypesText());
