/**
 * Calls a route's loader or action in-process, as Remix would; a thrown Response (a redirect, a 404) is returned
 * like an answered one, anything else thrown stays thrown.
 */
export async function callRoute(
  fn: unknown,
  request: Request,
  { params = {}, context = {} }: { params?: Record<string, string>; context?: object } = {},
): Promise<Response> {
  try {
    return (await (fn as (args: { request: Request; params: Record<string, string>; context: object }) => unknown)({ request, params, context })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
