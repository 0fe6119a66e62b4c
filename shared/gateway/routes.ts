import { type Families, families } from '../families/index.js';

/** One route Clearway adds under `/gateway/` for the state it keeps. */
export interface GatewayRoute {
  readonly id: string;
  readonly method: 'GET';
  /** Path template, `{name}` for a path parameter (API Gateway's syntax). */
  readonly path: string;
  /** The file in `functions/` (without `.ts`) that serves it. */
  readonly fn: string;
  /** The OpenAPI document's title of the route (imperative) and what it answers. */
  readonly summary: string;
  readonly description: string;
  /** The longest its path parameter may be (one safe path segment), when it has one. */
  readonly maxLength?: number;
  /** The answer's media type when it is not JSON. */
  readonly contentType?: string;
}

const signingKeyRoute = {
  id: 'getSigningKey',
  method: 'GET',
  path: '/gateway/signing-key',
  fn: 'gateway-signing-key',
  summary: 'Get the signing public key',
  description:
    "The public half (PEM) of the institution's KMS key that signs every request to the bank: what the bank's portal asks for, and what checks a signature.",
  contentType: 'application/x-pem-file',
} as const satisfies GatewayRoute;

type FamilyRead = Families[number]['reads'][number];
/** A family's read as a route, its id and path kept together as literals. */
type ReadRoute<Read> = Read extends { readonly id: infer Id; readonly path: infer Path }
  ? Omit<GatewayRoute, 'id' | 'path' | 'contentType'> & { readonly id: Id; readonly path: Path }
  : never;

/**
 * State Clearway keeps and serves itself, under `/gateway/`: the institution's public key, then every
 * family's reads (`FamilyDefinition.reads`). The stack creates a method per route (`lib/catalog.ts`), the
 * OpenAPI document describes each, and the typed client (`client/`) offers a method per route.
 */
export const gatewayRoutes: readonly (typeof signingKeyRoute | ReadRoute<FamilyRead>)[] = [
  signingKeyRoute,
  ...families.flatMap((family) =>
    family.reads.map(
      (read) =>
        ({
          id: read.id,
          method: 'GET',
          path: read.path,
          fn: family.readerFunction,
          summary: read.summary,
          description: read.description,
          maxLength: read.maxLength,
        }) as ReadRoute<FamilyRead>,
    ),
  ),
];
