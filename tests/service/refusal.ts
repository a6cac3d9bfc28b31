/** Why the database refused a statement (drizzle wraps the driver's error as its cause); "done" if it ran. */
export async function refusal(query: PromiseLike<unknown> | (() => PromiseLike<unknown>)): Promise<string> {
  try {
    await (typeof query === "function" ? query() : query);
    return "done";
  } catch (error) {
    const failed = error as Error & { cause?: Error };
    return `${failed.message} ${failed.cause?.message ?? ""}`;
  }
}
