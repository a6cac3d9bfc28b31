import { useTranslation } from "~/translate/react";
import type { ImportRunPage } from "../import-runs.server";
import type { ImportScreen } from "../screens";
import { ImportColumns } from "./ImportColumns";
import { ImportRunView } from "./ImportRunView";
import { ImportUpload } from "./ImportUpload";
import { RecentImports, type RecentImport } from "./RecentImports";

/** An import screen: what it does, the templates and columns, one file's upload, the latest runs. */
export function ImportUploadPage({
  screen,
  runs,
  fileError,
}: {
  screen: ImportScreen;
  runs: readonly RecentImport[];
  fileError?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="page bulk-import">
      <h1>{t(screen.titleKey)}</h1>
      <p>{t(screen.introKey)}</p>
      <section aria-labelledby="import-template-title">
        <h2 id="import-template-title">{t("imports.template.heading")}</h2>
        <p>{t(screen.templateTextKey)}</p>
        <ul className="plain-list">
          <li>
            <a href={`${screen.base}/template/csv`} download>
              {t("imports.template.csv")}
            </a>
          </li>
          <li>
            <a href={`${screen.base}/template/xlsx`} download>
              {t("imports.template.xlsx")}
            </a>
          </li>
        </ul>
        <ImportColumns screen={screen} />
      </section>
      <ImportUpload fileError={fileError} />
      <RecentImports runs={runs} basePath={screen.base} />
    </div>
  );
}

/** One run's page under its screen's title. */
export function ImportRunScreen({
  screen,
  run,
  actionError,
}: {
  screen: ImportScreen;
  run: ImportRunPage;
  actionError?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="page bulk-import">
      <h1>{t(screen.titleKey)}</h1>
      <p className="field__help">{t("imports.run.file", { fileName: run.fileName })}</p>
      <ImportRunView run={run} uploadPath={screen.base} actionError={actionError} />
    </div>
  );
}
