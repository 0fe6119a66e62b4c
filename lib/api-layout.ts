import type { Route } from './catalog.js';

/** One method of the internal REST API and the function behind it. */
export interface ApiMethod {
  /** The resource path, `{name}` for a variable, `{proxy+}` for everything below a mount. */
  readonly path: string;
  /** A route's own method, or `ANY` on a mount. */
  readonly method: string;
  readonly fn: string;
  /** The routes it serves: its own, or every route below its mount. */
  readonly routes: readonly Route[];
}

interface Node {
  readonly routes: Route[];
  readonly children: Map<string, Node>;
}

/**
 * The internal API's resources and methods for `routes`. Where every route below a resource belongs to one
 * function, the resource is a mount: `ANY` on it (when it has routes of its own) and on a greedy `{proxy+}`
 * below it, and the function matches the path itself (`shared/http/router.ts`). Elsewhere each route has its
 * own method. A family under its own path prefix costs two methods however many operations it adds, and
 * API Gateway still authorizes each call by its actual method and path, so IAM grants stay per operation.
 */
export function apiLayout(routes: readonly Route[]): ApiMethod[] {
  const root: Node = { routes: [], children: new Map() };
  for (const route of routes) {
    let node = root;
    for (const segment of route.path.split('/').filter((part) => part !== '')) {
      let child = node.children.get(segment);
      if (child === undefined) {
        child = { routes: [], children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    node.routes.push(route);
  }
  const methods: ApiMethod[] = [];
  const walk = (node: Node, path: string) => {
    const below = routesBelow(node);
    const fns = new Set(below.map((route) => route.fn));
    const [fn] = fns;
    if (path !== '' && fn !== undefined && fns.size === 1 && below.length > node.routes.length) {
      if (node.routes.length > 0) methods.push({ path, method: 'ANY', fn, routes: node.routes });
      methods.push({
        path: `${path}/{proxy+}`,
        method: 'ANY',
        fn,
        routes: below.filter((route) => !node.routes.includes(route)),
      });
      return;
    }
    for (const route of node.routes)
      methods.push({ path: path === '' ? '/' : path, method: route.method, fn: route.fn, routes: [route] });
    for (const [segment, child] of node.children) walk(child, `${path}/${segment}`);
  };
  walk(root, '');
  return methods;
}

function routesBelow(node: Node): Route[] {
  return [...node.routes, ...[...node.children.values()].flatMap(routesBelow)];
}
