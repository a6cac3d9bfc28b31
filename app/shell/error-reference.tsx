import { createContext, useContext, useState } from "react";

/**
 * The reference of a server error (a 500): written in the log line and shown on the error page,
 * so a user can quote it and an operator can find the line. entry.server provides it while
 * rendering; in the browser the page keeps the one the server rendered.
 */
const ErrorReferenceContext = createContext<string | undefined>(undefined);
export const ErrorReferenceProvider = ErrorReferenceContext.Provider;

export const ERROR_REFERENCE_ELEMENT_ID = "error-reference";

export function useErrorReference(): string | undefined {
  const fromServer = useContext(ErrorReferenceContext);
  const [reference] = useState(
    () =>
      fromServer ??
      (typeof document === "undefined"
        ? undefined
        : document.getElementById(ERROR_REFERENCE_ELEMENT_ID)?.textContent) ??
      undefined,
  );
  return reference;
}
