/** A plain HTTP client for a server started as a process, answering status, parsed body and headers. */

/** A JSON answer: status and parsed body (undefined when empty or not JSON). */
export interface JsonAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Sends a JSON request to a running server.
 * @param token bearer token, if any; @param headers extra headers (e.g. If-Match); @throws the fetch error when the connection fails (e.g. the server died).
 */
export async function requestJson(
  baseUrl: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
