import { writeFileSync } from 'node:fs';
import { openApiText } from '../lib/openapi.js';

/** `npm run openapi`: writes the internal API's description, generated from the registry, to openapi.json. */
writeFileSync(new URL('../openapi.json', import.meta.url), openApiText());
