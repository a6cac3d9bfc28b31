import type { LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import { FloorI18n, MESSAGES, localeOf } from "./i18n";

// The locale and its messages travel in the root loader's data, as in the portal.
export async function loader({ request }: LoaderFunctionArgs) {
  const locale = localeOf(request.headers.get("Accept-Language"));
  return { locale, messages: MESSAGES[locale] };
}

export default function App() {
  const { locale, messages } = useLoaderData<typeof loader>();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <FloorI18n locale={locale} messages={messages}>
          <Outlet />
        </FloorI18n>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
