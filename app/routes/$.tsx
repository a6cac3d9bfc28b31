import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("notFound.title");

/** Unknown routes: a themed, translated 404 through the root error boundary. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
