import type * as S3 from './s3-sdk.js';
import type { WebhookBodyStore } from './ports.js';

/**
 * Large webhook bodies in an S3 bucket (the claim check). The S3 client is loaded on first use
 * (`s3-sdk.ts`): the receiver needs it only for a rare large body.
 */
export class S3WebhookBodyStore implements WebhookBodyStore {
  #s3: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;

  constructor(private readonly bucket: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    const { sdk, client } = await this.#loaded();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body }));
  }

  async get(key: string): Promise<Buffer> {
    const { sdk, client } = await this.#loaded();
    const { Body } = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (Body === undefined) throw new Error(`s3://${this.bucket}/${key} has no body`);
    return Buffer.from(await Body.transformToByteArray());
  }

  #loaded() {
    this.#s3 ??= import('./s3-sdk.js').then((sdk) => ({ sdk, client: new sdk.S3Client({}) }));
    return this.#s3;
  }
}
