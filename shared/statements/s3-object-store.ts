import type { ObjectStore, StoredObject } from '../ports/object-store.js';
import type * as S3 from '../webhooks/s3-sdk.js';

/**
 * The statements bucket. The S3 client is loaded on first use (`s3-sdk.ts`), so the processor's cold start
 * does not pay for it: statements arrive a few times a month.
 */
export class S3ObjectStore implements ObjectStore {
  #s3: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;

  constructor(private readonly bucket: string) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredObject> {
    const { sdk, client } = await this.#loaded();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
    return { location: `s3://${this.bucket}/${key}` };
  }

  async get(key: string): Promise<Buffer> {
    const { sdk, client } = await this.#loaded();
    const { Body } = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (Body === undefined) throw new Error(`s3://${this.bucket}/${key} has no body`);
    return Buffer.from(await Body.transformToByteArray());
  }

  #loaded() {
    this.#s3 ??= import('../webhooks/s3-sdk.js').then((sdk) => ({ sdk, client: new sdk.S3Client({}) }));
    return this.#s3;
  }
}
