/**
 * What happens when access data cannot be loaded (SPEC §8): the error is shown, unless the
 * message is 'Request aborted' a user without serialNumber:present (no employee number) on a
 * site not hosted for the third brand goes to the identity provider's dashboard.
 */
export function accessFailureOutcome(input: {
  message: string;
  hasEmployeeNumber: boolean;
  onBrand3Host: boolean;
  dashboardUrl?: string;
}): { kind: "redirect"; to: string } | { kind: "error"; details: string } {
  if (input.message !== "Request aborted" && !input.hasEmployeeNumber && !input.onBrand3Host && input.dashboardUrl) {
    return { kind: "redirect", to: input.dashboardUrl };
  }
  return { kind: "error", details: errorDetailsOf(input.message) };
}

/** The details line of an error page: the message's first line, at most 200 characters (never a stack). */
export function errorDetailsOf(message: string): string {
  const line = message.split(/\r?\n/, 1)[0].trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
