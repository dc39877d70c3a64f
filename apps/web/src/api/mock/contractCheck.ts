import { ErrorEnvelope, type RouteDef, routes } from '@booktranslate/contract';

const table: { route: RouteDef; pattern: RegExp }[] = Object.values(routes).flatMap((area) =>
  Object.values(area as Record<string, RouteDef>).map((route) => ({
    route,
    pattern: new RegExp(`^${route.path.replace(/:[a-z_]+/gi, '[^/]+')}$`),
  })),
);

/** The contract's route for a method and a path below /api/v1 (query string left out). */
export function findRoute(method: string, path: string): RouteDef | undefined {
  return table.find((r) => r.route.method === method && r.pattern.test(path))?.route;
}

/**
 * Throws when an answer a fake serves is not one the real server could give: a 2xx body must
 * match the route's response schema, any other the error envelope. A fake for a route the
 * contract does not list fails too.
 */
export function checkAnswer(method: string, path: string, status: number, body: unknown): void {
  const route = findRoute(method, path);
  if (!route) throw new Error(`The contract has no route ${method} ${path}`);
  if (route.responseType === 'binary' && status < 300) return;
  const schema = status >= 200 && status < 300 ? route.response : ErrorEnvelope;
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
      .join('; ');
    throw new Error(`${method} ${path} ${status} does not match the contract: ${issues}`);
  }
}
