/**
 * Streams the page as the portal's entry does. Written out on purpose: without it Remix uses its
 * default entry, which wants `isbot` listed in a package.json beside the app and would add it.
 */
import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        onShellReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onAllReady() {
          clearTimeout(timer);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError() {
          responseStatusCode = 500;
        },
      },
    );
    // Cleared once rendering ends: a pending timer would keep each finished render in memory for
    // ABORT_DELAY, thousands of them under load (Remix's template leaves it running).
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
