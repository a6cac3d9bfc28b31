/**
 * A real SMTP server for tests (the `smtp-server` package): every message it receives is written
 * to a folder as JSON (envelope recipients and the raw message), so the process that sends and the
 * process that checks need not be the same (the e2e server and the browser tests).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface MailSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/** Listens on `port` (0: one the system picks; a sink started again on its old port comes back at the same address). */
export async function startMailSink(folder: string, port = 0): Promise<MailSink> {
  mkdirSync(folder, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        n += 1;
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(folder, `${Date.now()}-${process.pid}-${String(n).padStart(5, "0")}.json`);
        // Written aside and renamed: a test in another process polling the folder never reads half a file.
        writeFileSync(`${file}.part`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${bound}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A received message: recipients, subject and the decoded plain-text body. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1].toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

function decodeSubject(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** Every message the sink in `folder` has received for an address, oldest first. */
export function mailsTo(folder: string, address: string): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(folder).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), "utf8")) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(address.toLowerCase()))
    .map((mail) => {
      const split = mail.raw.search(/\r?\n\r?\n/);
      const headers = mail.raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
      const body = mail.raw.slice(split).replace(/^\r?\n\r?\n/, "");
      const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? "";
      return { to: mail.to, subject: decodeSubject(subject), text: decodeBody(headers, body) };
    });
}

/** The verification link in a message's text. */
export function verificationLinkIn(text: string): string | undefined {
  return /https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
}
