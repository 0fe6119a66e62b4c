import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { ObjectStore, StoredObject } from '#shared/ports/object-store.js';

/** The sandbox's statements bucket: one file per key under a folder of the sandbox's home. */
export class FolderObjectStore implements ObjectStore {
  readonly #root: string;

  constructor(folder: string) {
    this.#root = resolve(folder);
  }

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<StoredObject> {
    const path = this.#pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
    return { location: path };
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.#pathOf(key));
  }

  /** A key never names a file outside the folder (keys are built from webhook payloads). */
  #pathOf(key: string): string {
    const path = resolve(join(this.#root, key));
    if (!path.startsWith(this.#root + sep)) throw new Error(`object key ${key} leaves the store's folder`);
    return path;
  }
}
