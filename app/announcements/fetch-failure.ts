/**
 * SPEC §8 "Announcements fetch failure: logged; an empty list is returned": runs the load, and on
 * a failure logs its message and answers the empty value instead of failing the page.
 */
export async function emptyOnFailure<T>(
  load: () => Promise<T>,
  empty: () => T,
  log: (message: string) => void,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return empty();
  }
}
