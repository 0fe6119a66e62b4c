import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { WebhookBodyStore } from '#shared/webhooks/ports.js';

/** The sandbox's S3 for large webhook bodies: one file per key under a folder of the sandbox's home. */
export class FolderBodyStore implements WebhookBodyStore {
  constructor(private readonly folder: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    const path = join(this.folder, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body);
  }

  async get(key: string): Promise<Buffer> {
    return readFile(join(this.folder, key));
  }
}
