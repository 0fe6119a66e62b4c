import 'reflect-metadata';
import { webcrypto, X509Certificate } from 'node:crypto';
import { Name, Pkcs10CertificateRequestGenerator } from '@peculiar/x509';
import {
  getSoftwareStatementCsr,
  uploadSoftwareStatementPem,
} from '#shared/operations/name-check-onboarding/operations.js';
import { CERTIFICATE_PEM, type CertificateType } from '#shared/operations/name-check-onboarding/schemas.js';
import { derToPem } from '#shared/signing/pem.js';
import { defineState } from '#sim/core/state.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import type { RouteContext, SimResponse } from '#sim/core/types.js';

/** One CSR the bank issued, and the certificate uploaded for it once it matches. */
interface IssuedCsr {
  pem: string;
  /** The CSR's public key (SubjectPublicKeyInfo, DER): an uploaded certificate must carry the same. */
  publicKey: Buffer;
  certificate?: { pem: string; kid: string | null; uploadedAt: string };
}

/** CSRs by institution, software statement and certificate type (`key`). */
export const issuedCsrs = defineState('name-check-onboarding', () => new Map<string, IssuedCsr>());

const key = (institutionId: string, softwareStatementId: string, certificateType: CertificateType) =>
  `${institutionId}\n${softwareStatementId}\n${certificateType}`;

const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/** The reference's answers: 400 for an institution not set up, 500 when onboarding the certificate fails. */
const NOT_SET_UP = 'Institution is not setup for CoP.';
const ONBOARDING_FAILED = 'Certificate onboarding failed';

/**
 * Spec part 1, "Hosted name-check onboarding" (`copaas-v1.json`). The bank hosts the name-check keys: it
 * issues one PKCS #10 CSR per software statement and certificate type (the same one on every read, its PEM
 * with line breaks), and accepts a certificate for it only when the certificate's public key is the CSR's.
 */
export const nameCheckOnboardingProduct: Product = {
  name: 'name-check-onboarding',
  bankRoutes(bank) {
    bank.operation(getSoftwareStatementCsr, async (ctx) => {
      if (!ctx.institution.nameCheckService) return notSetUp(ctx);
      const { softwareStatementId } = ctx.params;
      // The record's path rules admit only the two types.
      const certificateType = ctx.params.certificateType as CertificateType;
      const csrs = ctx.state.get(issuedCsrs);
      const id = key(ctx.institution.id, softwareStatementId, certificateType);
      let issued = csrs.get(id);
      if (!issued) {
        issued = await issueCsr(softwareStatementId);
        csrs.set(id, issued);
      }
      return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: issued.pem };
    });

    bank.operation(uploadSoftwareStatementPem, (ctx) => {
      if (!ctx.institution.nameCheckService) return notSetUp(ctx);
      const { softwareStatementId } = ctx.params;
      const { pem, kid, certificateType } = ctx.body;
      const failed = (why: string) =>
        ctx.problem(
          500,
          ONBOARDING_FAILED,
          `${ONBOARDING_FAILED}: ${why}. Please retry or if it fails consistently contact the bank with the Software Statement Id and Kid.`,
        );
      const publicKey = certificatePublicKey(pem);
      if (!publicKey) return failed('the pem is not an X.509 certificate in PEM form');
      const issued = ctx.state
        .get(issuedCsrs)
        .get(key(ctx.institution.id, softwareStatementId, certificateType));
      if (!issued) {
        return failed(`no ${certificateType} CSR was issued for software statement ${softwareStatementId}`);
      }
      if (!issued.publicKey.equals(publicKey)) {
        return failed("the certificate's public key is not the one of the CSR issued for it");
      }
      issued.certificate = { pem, kid: kid ?? null, uploadedAt: ctx.now().toISOString() };
      return { status: 200 };
    });
  },
};

function notSetUp(ctx: RouteContext): SimResponse {
  return ctx.problem(400, TITLES.badRequest, NOT_SET_UP);
}

async function issueCsr(softwareStatementId: string): Promise<IssuedCsr> {
  const keys = (await webcrypto.subtle.generateKey(
    { ...RSA_SHA256, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    false,
    ['sign', 'verify'],
  )) as webcrypto.CryptoKeyPair;
  const csr = await Pkcs10CertificateRequestGenerator.create(
    {
      // The directory's form: the software statement is the common name.
      name: new Name([{ O: ['Clearway bank simulator'] }, { CN: [softwareStatementId] }]),
      keys,
      signingAlgorithm: RSA_SHA256,
    },
    webcrypto,
  );
  return {
    pem: derToPem(new Uint8Array(csr.rawData), 'CERTIFICATE REQUEST'),
    publicKey: Buffer.from(csr.publicKey.rawData),
  };
}

/**
 * The public key (SPKI DER) of a certificate given in PEM form, with or without its line breaks (the spec
 * asks for them removed); undefined when it is not one certificate.
 */
function certificatePublicKey(pem: string): Buffer | undefined {
  const block = CERTIFICATE_PEM.exec(pem);
  if (!block?.[1]) return undefined;
  try {
    const certificate = new X509Certificate(Buffer.from(block[1].replace(/\s+/g, ''), 'base64'));
    return certificate.publicKey.export({ type: 'spki', format: 'der' });
  } catch {
    return undefined;
  }
}
