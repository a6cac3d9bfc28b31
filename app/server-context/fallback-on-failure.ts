/**
 * One page section whose read fails must not fail the page (SPEC §8: announcements answer an empty
 * list, applications keep what they showed, the reviews show their error): runs the load, and on a
 * failure logs its message and answers the fallback, which is given the message too.
 */
export async function fallbackOnFailure<T>(
  load: () => Promise<T>,
  fallback: (message: string) => T,
  log: (message: string) => void,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(message);
    return fallback(message);
  }
}
