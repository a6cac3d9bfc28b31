/**
 * Whether a failed delivery uses up one of the message's attempts: only when the mail server
 * answered and refused it for good (an SMTP 5xx reply, such as an unknown mailbox). A server that
 * cannot be reached, cuts the connection or answers "try later" (4xx) is waited for however long
 * it stays away: the message is retried, and sent once, when it is back.
 */
export function deliveryFailureCounts(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null | undefined)?.responseCode;
  return typeof code === "number" && code >= 500;
}
