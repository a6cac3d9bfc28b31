import type { IncomingMessage, ServerResponse } from "node:http";
import { embeddedProvider } from "./identity-provider.server";

export type InteractionState = { kind: "login" } | { kind: "expired" } | { kind: "redirect"; to: string };

/** Grants the first-party portal client every scope it asked for (no consent screen for our own portal). */
async function grantFor(accountId: string, clientId: string, scope: string, existingGrantId?: string): Promise<string> {
  const provider = embeddedProvider();
  const grant =
    (existingGrantId && (await provider.Grant.find(existingGrantId))) || new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(scope);
  return grant.save();
}

/** The current interaction, or null when its cookie is missing or it has expired. */
async function currentInteraction(req: IncomingMessage, res: ServerResponse) {
  try {
    return await embeddedProvider().interactionDetails(req, res);
  } catch {
    return null;
  }
}

/** What the sign-in page must do for the current interaction. */
export async function interactionState(req: IncomingMessage, res: ServerResponse): Promise<InteractionState> {
  const provider = embeddedProvider();
  const details = await currentInteraction(req, res);
  if (!details) return { kind: "expired" };
  if (details.prompt.name === "consent" && details.session?.accountId) {
    const grantId = await grantFor(
      details.session.accountId,
      String(details.params.client_id),
      String(details.params.scope ?? "openid"),
      details.grantId,
    );
    const to = await provider.interactionResult(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return { kind: "redirect", to };
  }
  return { kind: "login" };
}

/** Finishes the login prompt for a verified identity, with the grant, and returns where to resume. */
export async function completeSignIn(
  req: IncomingMessage,
  res: ServerResponse,
  identityId: number,
): Promise<InteractionState> {
  const provider = embeddedProvider();
  const details = await currentInteraction(req, res);
  if (!details) return { kind: "expired" };
  const accountId = String(identityId);
  const grantId = await grantFor(
    accountId,
    String(details.params.client_id),
    String(details.params.scope ?? "openid"),
    details.grantId,
  );
  const to = await provider.interactionResult(
    req,
    res,
    { login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
  return { kind: "redirect", to };
}
