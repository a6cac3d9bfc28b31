import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/translate/react";
import { documentOutline, type FieldRow, type OperationOutline } from "~/api/openapi-outline";
import { portalOpenApiDocument } from "~/assembly/api-operations";
import { PROBLEMS, problemTypeUri, type ProblemKind } from "~/api/problems";
import { titleMeta } from "~/shell/page-title";

export const meta = titleMeta("apiDocs.title");

/** The API reference (issue #35): the OpenAPI document rendered on the server, readable without a script; no sign-in. */
export function loader() {
  return documentOutline(portalOpenApiDocument());
}

function Fields({
  rows,
  caption,
  withPlace = false,
}: {
  rows: (FieldRow & { in?: string })[];
  caption: string;
  withPlace?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="api-docs__fields">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("apiDocs.field")}</th>
            {withPlace && <th scope="col">{t("apiDocs.in")}</th>}
            <th scope="col">{t("apiDocs.type")}</th>
            <th scope="col">{t("apiDocs.required")}</th>
            <th scope="col">{t("apiDocs.notes")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}${row.name}`}>
              <td>
                <code>{row.name}</code>
              </td>
              {withPlace && <td>{row.in}</td>}
              <td>
                <code>{row.type}</code>
              </td>
              <td>{row.required ? t("apiDocs.yes") : t("apiDocs.no")}</td>
              <td>{row.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Operation({ operation }: { operation: OperationOutline }) {
  const { t } = useTranslation();
  const name = `${operation.method} ${operation.path}`;
  return (
    <section className="api-docs__operation" id={operation.id} aria-labelledby={`${operation.id}-title`}>
      <h3 id={`${operation.id}-title`}>
        <span className={`api-docs__method api-docs__method--${operation.method.toLowerCase()}`}>
          {operation.method}
        </span>{" "}
        <code>{operation.path}</code>
      </h3>
      <p className="api-docs__summary">{operation.summary}</p>
      {operation.description.split("\n\n").map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {operation.parameters.length > 0 && (
        <>
          <h4>{t("apiDocs.parameters")}</h4>
          <Fields rows={operation.parameters} caption={`${t("apiDocs.parameters")}: ${name}`} withPlace />
        </>
      )}
      {operation.body && (
        <>
          <h4>{t("apiDocs.requestBody")}</h4>
          <Fields rows={operation.body} caption={`${t("apiDocs.requestBody")}: ${name}`} />
          {operation.bodyExample && (
            <details>
              <summary>{t("apiDocs.example")}</summary>
              <pre>
                <code>{operation.bodyExample}</code>
              </pre>
            </details>
          )}
        </>
      )}
      <h4>{t("apiDocs.responses")}</h4>
      <dl className="api-docs__responses">
        {operation.responses.map((response) => (
          <div key={response.status}>
            <dt>
              <code>{response.status}</code>
            </dt>
            <dd>
              <p>{response.description}</p>
              {response.fields.length > 0 && (
                <Fields rows={response.fields} caption={`${t("apiDocs.responses")} ${response.status}: ${name}`} />
              )}
              {response.example && (
                <details>
                  <summary>{t("apiDocs.example")}</summary>
                  <pre>
                    <code>{response.example}</code>
                  </pre>
                </details>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function ApiDocs() {
  const outline = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page api-docs">
      <h1>{t("apiDocs.title")}</h1>
      <p>
        {outline.title} {outline.version}. {outline.description}
      </p>
      <p>
        {t("apiDocs.contract")} <a href="/api/v2/openapi.json">/api/v2/openapi.json</a>
      </p>
      <nav aria-label={t("apiDocs.contents")}>
        <ul className="api-docs__contents">
          {outline.tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#tag-${tag.name}`}>{tag.description}</a>
              <ul>
                {tag.operations.map((operation) => (
                  <li key={operation.id}>
                    <a href={`#${operation.id}`}>
                      {operation.method} {operation.path}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="problem-types-title">
        <h2 id="problem-types-title">{t("apiDocs.problems")}</h2>
        <p>{t("apiDocs.problemsIntro")}</p>
        <div className="table-scroll">
          <table className="api-docs__fields">
            <thead>
              <tr>
                <th scope="col">type</th>
                <th scope="col">{t("apiDocs.status")}</th>
                <th scope="col">{t("apiDocs.problemTitle")}</th>
              </tr>
            </thead>
            <tbody>
              {(Object.keys(PROBLEMS) as ProblemKind[]).map((kind) => (
                <tr key={kind} id={`problem-${PROBLEMS[kind].slug}`}>
                  <td>
                    <code>{problemTypeUri(kind)}</code>
                  </td>
                  <td>{PROBLEMS[kind].status}</td>
                  <td>{t(`problems.${kind}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section id="scim" aria-labelledby="scim-title">
        <h2 id="scim-title">{t("apiDocs.scimTitle")}</h2>
        <p>{t("apiDocs.scimIntro")}</p>
        <ul>
          {["ServiceProviderConfig", "ResourceTypes", "Schemas"].map((endpoint) => (
            <li key={endpoint}>
              <a href={`/scim/v2/${endpoint}`}>/scim/v2/{endpoint}</a>
            </li>
          ))}
        </ul>
      </section>
      {outline.tags.map((tag) => (
        <section key={tag.name} id={`tag-${tag.name}`} aria-labelledby={`tag-${tag.name}-title`}>
          <h2 id={`tag-${tag.name}-title`}>{tag.description}</h2>
          {tag.operations.map((operation) => (
            <Operation key={operation.id} operation={operation} />
          ))}
        </section>
      ))}
    </div>
  );
}
