import { type Families, families } from '../families/index.js';

/** One route Clearway adds under `/gateway/` for the state it keeps. */
export interface GatewayRoute {
  readonly id: string;
  readonly method: 'GET';
  /** Path template, `{name}` for a path parameter (API Gateway's syntax). */
  readonly path: string;
  /** The file in `functions/` (without `.ts`) that serves it. */
  readonly fn: string;
}

const signingKeyRoute = {
  id: 'getSigningKey',
  method: 'GET',
  path: '/gateway/signing-key',
  fn: 'gateway-signing-key',
} as const satisfies GatewayRoute;

type FamilyRead = Families[number]['reads'][number];
/** A family's read as a route, its id and path kept together as literals. */
type ReadRoute<Read> = Read extends { readonly id: infer Id; readonly path: infer Path }
  ? { readonly id: Id; readonly method: 'GET'; readonly path: Path; readonly fn: string }
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
        ({ id: read.id, method: 'GET', path: read.path, fn: family.readerFunction }) as ReadRoute<FamilyRead>,
    ),
  ),
];
