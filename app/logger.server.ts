import pino from "pino";
import { currentRequestId } from "./server-context/request-scope.server";

/** Redacts what must never reach a log line: tokens, passwords, secrets, cookies. */
export const REDACT_PATHS = [
  "password",
  "*.password",
  "token",
  "*.token",
  "accessToken",
  "*.accessToken",
  "refreshToken",
  "*.refreshToken",
  "idToken",
  "*.idToken",
  "secret",
  "*.secret",
  "req.headers.cookie",
  "req.headers.authorization",
  "res.headers['set-cookie']",
];

export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      // Every line written while a request is answered carries its id (issue #32 §5).
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
    },
    destination,
  );
}

export const logger: pino.Logger = createLogger(process.env.LOG_LEVEL ?? "info");
