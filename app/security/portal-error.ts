/** An error shown to the user through the error boundary, by translation key. */
export function portalError(status: number, key: string, details?: string): Response {
  return new Response(JSON.stringify({ key, details }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "X-Portal-Error": key },
  });
}
