export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON (undefined when empty). */
  body: T;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A small client for the local cloud's API. With a token it sends `Authorization: Bearer <token>`; `body`
 * objects go as JSON, strings as they are (to test malformed JSON).
 */
export function api(cloud: { url: string }, token?: string) {
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever shape the route returns.
  const request = async <T = any>(
    method: Method,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> => {
    const response = await fetch(`${cloud.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: unknown = text || undefined;
    try {
      if (text) parsed = JSON.parse(text);
    } catch {
      // Not JSON: the text itself is the body.
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  };
  return {
    request,
    get: <T = unknown>(path: string, headers?: Record<string, string>) =>
      request<T>('GET', path, undefined, headers),
    post: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
      request<T>('POST', path, body, headers),
    put: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
      request<T>('PUT', path, body, headers),
    patch: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
      request<T>('PATCH', path, body, headers),
    delete: <T = unknown>(path: string, headers?: Record<string, string>) =>
      request<T>('DELETE', path, undefined, headers),
  };
}
