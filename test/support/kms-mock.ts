import { constants, createPrivateKey, createPublicKey, privateEncrypt, sign } from 'node:crypto';
import {
  GetPublicKeyCommand,
  type GetPublicKeyCommandInput,
  InvalidKeyUsageException,
  KMSClient,
  KMSServiceException,
  NotFoundException,
  SignCommand,
  type SignCommandInput,
} from '@aws-sdk/client-kms';
import { type AwsClientStub, mockClient } from 'aws-sdk-client-mock';

/** DER of DigestInfo { AlgorithmIdentifier sha256, NULL } up to the 32 digest bytes (RFC 8017 section 9.2). */
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');
const ALGORITHM = 'RSASSA_PKCS1_V1_5_SHA_256';

export interface MockedKms {
  /** The KMS client to hand to the code under test; only this instance is mocked. */
  readonly client: KMSClient;
  /** The aws-sdk-client-mock stub, for `commandCalls(SignCommand)` and friends. */
  readonly mock: AwsClientStub<KMSClient>;
  /** The key id the mock answers to (its ARN is accepted too). */
  readonly keyId: string;
  /** The key ARN the mock reports as `KeyId` in its answers. */
  readonly keyArn: string;
}

/**
 * A KMS client that answers `Sign` and `GetPublicKey` like a real `RSA_*` `SIGN_VERIFY` key holding
 * `privateKeyPem`: `MessageType: DIGEST` signs the given SHA-256 digest (DigestInfo + PKCS #1 v1.5 padding,
 * exactly what KMS does), `RAW` hashes the message first. Unknown key ids get `NotFoundException`, other
 * algorithms `InvalidKeyUsageException`, a digest that is not 32 bytes a `ValidationException`.
 */
export function mockKmsWithKey(
  privateKeyPem: string,
  options: { keyId?: string; client?: KMSClient } = {},
): MockedKms {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKeyDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const bits = privateKey.asymmetricKeyDetails?.modulusLength;
  const keyId = options.keyId ?? '1234abcd-12ab-34cd-56ef-1234567890ab';
  const keyArn = keyId.startsWith('arn:') ? keyId : `arn:aws:kms:eu-west-2:111122223333:key/${keyId}`;
  const client = options.client ?? new KMSClient({ region: 'eu-west-2' });
  const mock = mockClient(client);
  // The fakes are async: `send` then resolves or rejects like the real client instead of returning or throwing.

  const checkKey = (requested: string | undefined): void => {
    if (requested !== keyId && requested !== keyArn) {
      throw new NotFoundException({ message: `Key '${requested}' does not exist`, $metadata: {} });
    }
  };

  mock.on(GetPublicKeyCommand).callsFake(async (input: GetPublicKeyCommandInput) => {
    checkKey(input.KeyId);
    return {
      KeyId: keyArn,
      PublicKey: new Uint8Array(publicKeyDer),
      KeySpec: `RSA_${bits}`,
      KeyUsage: 'SIGN_VERIFY',
      SigningAlgorithms: [ALGORITHM],
    };
  });

  mock.on(SignCommand).callsFake(async (input: SignCommandInput) => {
    checkKey(input.KeyId);
    if (input.SigningAlgorithm !== ALGORITHM) {
      throw new InvalidKeyUsageException({
        message: `this mock signs only with ${ALGORITHM}, not ${input.SigningAlgorithm}`,
        $metadata: {},
      });
    }
    const message = Buffer.from(input.Message ?? new Uint8Array());
    let signature: Buffer;
    if (input.MessageType === 'DIGEST') {
      if (message.length !== 32) throw validationError(`a SHA-256 digest is 32 bytes, got ${message.length}`);
      signature = privateEncrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([SHA256_DIGEST_INFO_PREFIX, message]),
      );
    } else {
      if (message.length === 0 || message.length > 4096) {
        throw validationError(`a RAW message is 1 to 4096 bytes, got ${message.length}`);
      }
      signature = sign('sha256', message, privateKey);
    }
    return { KeyId: keyArn, Signature: new Uint8Array(signature), SigningAlgorithm: ALGORITHM };
  });

  return { client, mock, keyId, keyArn };
}

function validationError(message: string): KMSServiceException {
  return new KMSServiceException({ name: 'ValidationException', $fault: 'client', message, $metadata: {} });
}
