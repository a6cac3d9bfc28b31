import { createCookie } from "@remix-run/node";

/** Where to go after sign-in: the remembered original address (SPEC §4 Sign-in). */
export const returnToCookie = createCookie("__return_to", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 10,
});
