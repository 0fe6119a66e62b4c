/** Where the gateway keeps files it must not lose (the bank's statements): S3 on AWS, a folder locally. */
export interface ObjectStore {
  /** Stores `bytes` under `key` (a later put of the same key keeps the earlier one as a version on AWS). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredObject>;
  get(key: string): Promise<Buffer>;
}

export interface StoredObject {
  /** Where it is, for a person or a consumer: `s3://bucket/key`, or the file's path in the sandbox. */
  location: string;
}
