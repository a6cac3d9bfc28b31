/**
 * A real HTTP target for the portal's downstream pushes (issue #15 §3), for the service and e2e
 * suites: it checks each push's signature with the shared secret, keeps what it received, and
 * answers with a failure on demand. Tests read and steer it in-process or over HTTP:
 * `GET /_received` lists the pushes, `POST /_fail?status=503` makes the next pushes fail,
 * `POST /_fail` (no status) makes them succeed again.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pushSignature } from "../../app/integrations/rules";

export interface ReceivedPush {
  /** Whether the signature header matched the body and timestamp (with the shared secret). */
  signed: boolean;
  delivery: string | null;
  body: { type: string; deleted: boolean; generation: number; [key: string]: unknown };
  /** What the target answered. */
  status: number;
}

export interface PushTarget {
  url: string;
  received: ReceivedPush[];
  /** Answer the next pushes with this status (null: 204, success). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

export async function startPushTarget(secret: string, port = 0): Promise<PushTarget> {
  const received: ReceivedPush[] = [];
  let failure: number | null = null;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://target");
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (url.pathname === "/_received" && request.method === "GET") {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
        return;
      }
      if (url.pathname === "/_fail" && request.method === "POST") {
        failure = url.searchParams.has("status") ? Number(url.searchParams.get("status")) : null;
        response.writeHead(204).end();
        return;
      }
      const text = Buffer.concat(chunks).toString("utf8");
      const timestamp = Number(request.headers["x-portal-timestamp"]);
      const signed = request.headers["x-portal-signature"] === pushSignature(secret, timestamp, text);
      let body: ReceivedPush["body"];
      try {
        body = JSON.parse(text) as ReceivedPush["body"];
      } catch {
        response.writeHead(400).end();
        return;
      }
      const status = !signed ? 401 : (failure ?? 204);
      received.push({ signed, delivery: (request.headers["x-portal-delivery"] as string) ?? null, body, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/push`,
    received,
    failWith: (status) => {
      failure = status;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
