import { createContext, useContext, type ReactNode } from "react";

const ReadOnlyContext = createContext(false);

/**
 * A part of a page shown read-only (issue #39 §2: a preview as another user): components inside
 * show their content without the links and forms that would act — as the viewer, not as the user.
 */
export function ReadOnly({ children }: { children: ReactNode }) {
  return <ReadOnlyContext.Provider value={true}>{children}</ReadOnlyContext.Provider>;
}

/** Whether the component is shown read-only. */
export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}
