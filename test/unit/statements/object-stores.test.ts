import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderObjectStore } from '#local/adapters/folder-object-store.js';
import { S3ObjectStore } from '#shared/statements/s3-object-store.js';

const s3 = mockClient(S3Client);
afterEach(() => s3.reset());

describe('the statements object store', () => {
  it('on AWS puts the bytes with their content type in the bucket and says where they are', async () => {
    const bytes = Buffer.from('Date,Amount\n2026-02-01,10.00\n');
    s3.on(PutObjectCommand).resolves({});
    s3.on(GetObjectCommand).resolves({
      Body: { transformToByteArray: async () => new Uint8Array(bytes) } as never,
    });
    const store = new S3ObjectStore('clearway-statements');

    const stored = await store.put('statements/institution/2026/02/EUR.csv', bytes, 'text/csv');
    const read = await store.get('statements/institution/2026/02/EUR.csv');

    expect(stored.location).toBe('s3://clearway-statements/statements/institution/2026/02/EUR.csv');
    expect(s3.commandCalls(PutObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'clearway-statements',
      Key: 'statements/institution/2026/02/EUR.csv',
      Body: bytes,
      ContentType: 'text/csv',
    });
    expect(read.equals(bytes)).toBe(true);
  });

  it('in the sandbox writes one file per key under its folder and reads it back', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'clearway-objects-'));
    const store = new FolderObjectStore(folder);

    const stored = await store.put(
      'statements/accounts/GB1/2026/02/USD.csv',
      Buffer.from('a,b\n'),
      'text/csv',
    );

    expect(stored.location).toBe(join(folder, 'statements/accounts/GB1/2026/02/USD.csv'));
    expect(readFileSync(stored.location, 'utf8')).toBe('a,b\n');
    expect((await store.get('statements/accounts/GB1/2026/02/USD.csv')).toString()).toBe('a,b\n');
  });

  it('in the sandbox refuses a key that would leave its folder', async () => {
    const store = new FolderObjectStore(mkdtempSync(join(tmpdir(), 'clearway-objects-')));

    await expect(store.put('../outside.csv', Buffer.from('x'), 'text/csv')).rejects.toThrow(
      /leaves the store's folder/,
    );
  });
});
