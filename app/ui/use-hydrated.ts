import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * Whether the page runs with JavaScript (hydrated): false in the server's HTML and during
 * hydration, true after — and at once for components mounted later, so they do not render their
 * no-JavaScript form first and swap it (losing the focus).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
