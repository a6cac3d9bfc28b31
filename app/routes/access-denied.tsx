import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { inSiteRedirectTarget } from "~/security/redirect-target";
import { titleMeta } from "~/shell/page-title";
import { parentPath } from "~/navigation/parent-path";

export const meta = titleMeta("accessDenied.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const from = inSiteRedirectTarget(new URL(request.url).searchParams.get("from"));
  return { backTo: parentPath(from) };
}

export default function AccessDenied() {
  const { backTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <h1>{t("accessDenied.title")}</h1>
      <p>{t("accessDenied.text")}</p>
      <p>
        <a
          href={backTo}
          className="button"
          onClick={(event) => {
            if (window.history.length > 1) {
              event.preventDefault();
              window.history.back();
            }
          }}
        >
          {t("accessDenied.back")}
        </a>
      </p>
    </div>
  );
}
