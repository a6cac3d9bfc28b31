import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, vi } from "vitest";

/** Server-renders an element inside a Remix router (for Form and Link), as the first HTML a browser gets. */
export function renderInRouter(element: JSX.Element): string {
  const Stub = createRemixStub([{ path: "/", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

/** The router renders on the server here, where React warns that layout effects do not run: not a failure. */
export function quietLayoutEffectWarnings(): void {
  const consoleError = console.error;
  beforeAll(() => {
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) consoleError(...args);
    });
  });
  afterAll(() => vi.restoreAllMocks());
}
