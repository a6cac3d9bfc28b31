const NO_STORE = { "Cache-Control": "private, no-store" };

/** A JSON answer of the API that no cache keeps (every API answer is the caller's own). */
export function apiJson(body: unknown, init: { status?: number } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: NO_STORE });
}

export function apiError(status: number, message: string, extraHeaders: Record<string, string> = {}): Response {
  const headers: Record<string, string> = { ...NO_STORE, ...extraHeaders };
  if (status === 401) headers["WWW-Authenticate"] = "Bearer";
  return Response.json({ error: { message } }, { status, headers });
}
