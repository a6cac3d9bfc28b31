import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { logger } from "~/logger.server";
// The features' parts of the access profile, assembled before any request is served.
import "~/assembly/portal.server";
import { NonceProvider } from "~/shell/nonce";
import { describeServerError } from "~/shell/server-error";
import { ErrorReferenceProvider } from "~/shell/error-reference";
import { currentRequestId, requestScope } from "~/server-context/request-scope.server";
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { compressPage, pageCollector } from "~/shell/page-compression";
import { setFallbackTranslations } from "~/i18n/i18n-registry";
import { fallbackTranslationsHref } from "~/i18n/translation-assets.server";

// The process starts in this build too: server.js calls runPortal, so the server and the routes
// are one module graph (the built-suite tests start the server and read the logger the same way).
export { runPortal } from "~/server/main.server";
export { startServer } from "~/server/start-server";
export { apiContractViolations } from "~/server/api-contract-check";
export { logger } from "~/logger.server";

const ERROR_REFERENCE_KEY = "errorReference";

const ABORT_DELAY = 5_000;

// A page whose root loader failed renders in the language the request asks for.
setFallbackTranslations(fallbackTranslationsHref);

/** Pages and their data are the signed-in user's own: no shared or browser cache keeps them, unless a route says otherwise. */
const PRIVATE_NO_STORE = "private, no-store";
function keepPrivate(headers: Headers): void {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_NO_STORE);
}

export function handleDataRequest(response: Response): Response {
  keepPrivate(response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The whole page, then one response: no loader defers data, so everything is ready at once,
    // and a page compressed in one piece costs a fraction of a streaming gzip (ADR 27).
    const respond = () => {
      const body = pageCollector((rendered) => {
        let page = rendered;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.append("Vary", "Accept-Encoding");
        if (compressPage(request.headers.get("Accept-Encoding"), page.length)) {
          page = gzipSync(page, { level: 1 });
          responseHeaders.set("Content-Encoding", "gzip");
        }
        responseHeaders.set("Content-Length", String(page.length));
        keepPrivate(responseHeaders);
        resolve(
          // A view, not a copy: the Response copies the bytes it is given anyway.
          new Response(new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.length), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      });
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ErrorReferenceProvider value={requestScope.getStore()?.get(ERROR_REFERENCE_KEY) as string | undefined}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </ErrorReferenceProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          // A pending abort timer would keep the finished page in memory for its whole delay.
          clearTimeout(abortTimer);
          respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          // In the shell it is the route's error (onShellError); after it, a part inside a boundary
          // failed: React leaves that part to the browser, and the page keeps its status.
          if (!shellRendered) responseStatusCode = 500;
          else logger.error({ err: error instanceof Error ? error.message : String(error) }, "render error");
        },
      },
    );
    // React starts rendering on a later tick, so the callbacks above run after this line.
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const described = describeServerError(error);
  const line = {
    err: described.message,
    status: described.status,
    method: request.method,
    path: new URL(request.url).pathname,
  };
  if (described.status < 500) {
    logger.warn(line, "request refused");
    return;
  }
  // The page shows this reference, the request's id (issue #32 §5); the log line carries it too
  // (never the stack to the user).
  const reference = currentRequestId() ?? randomBytes(8).toString("hex");
  requestScope.getStore()?.set(ERROR_REFERENCE_KEY, reference);
  logger.error({ ...line, reference }, "server error");
}
