import { type Paging, pageOf } from '#shared/operations/paging.js';
import type { RouteContext } from './types.js';

/** A HAL link as the bank writes it: absolute (this simulator's base URL), `templated` on templates only. */
export function link(ctx: RouteContext<unknown>, name: string, path: string, templated?: true) {
  return { name, href: `${ctx.baseUrl}${path}`, ...(templated && { templated }) };
}

export type HalLink = ReturnType<typeof link>;

/** One page of a list and its self, previous and next links, as the bank's paged lists answer them. */
export function page<T>(
  ctx: RouteContext<unknown>,
  path: string,
  all: readonly T[],
  paging: Paging,
): { items: T[]; halLinks: HalLink[] } {
  const { items, more } = pageOf(all, paging);
  const at = (pageNumber: number) => `${path}?pageNumber=${pageNumber}&pageSize=${paging.pageSize}`;
  const halLinks = [
    link(ctx, 'self', at(paging.pageNumber)),
    ...(paging.pageNumber > 1 ? [link(ctx, 'previous', at(paging.pageNumber - 1))] : []),
    ...(more ? [link(ctx, 'next', at(paging.pageNumber + 1))] : []),
  ];
  return { items, halLinks };
}
