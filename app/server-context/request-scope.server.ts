import { AsyncLocalStorage } from "node:async_hooks";
import { REQUEST_ID_KEY } from "./request-id";

/*
 * One store per HTTP request, opened by the server when the request arrives (with its id). Remix
 * gives each loader of a request its own Request object, so per-request memos cannot key on it;
 * they key on this scope instead.
 */
export const requestScope = new AsyncLocalStorage<Map<string, unknown>>();

/** Computes once per HTTP request and key; outside a request scope, computes every time. */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const store = requestScope.getStore();
  if (!store) return compute();
  if (!store.has(key)) store.set(key, compute());
  return store.get(key) as T;
}

/** Sets a request's value for a key that something read earlier in the same statement (no-op outside a scope). */
export function primeRequestValue<T>(key: string, value: T): void {
  requestScope.getStore()?.set(key, value);
}

/** Drops a request's value after a write made it stale (a later read in the same request reads again). */
export function forgetRequestValue(key: string): void {
  requestScope.getStore()?.delete(key);
}

/** The id of the request being answered (the server opens the scope with it); undefined outside a request. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.get(REQUEST_ID_KEY) as string | undefined;
}

/** The key under which the server keeps how to read the language the request asks for (cookie, else Accept-Language). */
export const REQUEST_LOCALE_KEY = "request-locale";

/** The language of the request being answered, as the server reads it; undefined outside a request. */
export function currentRequestLocale(): string | undefined {
  const read = requestScope.getStore()?.get(REQUEST_LOCALE_KEY) as (() => string) | undefined;
  return read?.();
}
