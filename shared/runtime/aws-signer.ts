import { KMSClient } from '@aws-sdk/client-kms';
import { ENV } from '../config/function-environment.js';
import { KmsSigner } from '../signing/kms-signer.js';
import { once, requireEnv } from './aws-common.js';

/** The institution's key in KMS; its own module, so functions that never sign do not load the KMS client. */
export const kmsSigner = once(() => new KmsSigner(new KMSClient({}), requireEnv(ENV.signingKeyId)));
