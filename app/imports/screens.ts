import {
  IDENTITY_COLUMNS,
  ORGANIZATION_COLUMNS,
  REQUIRED_IDENTITY_COLUMNS,
  REQUIRED_ORGANIZATION_COLUMNS,
  type ImportKind,
} from "./columns";
import { importRoutes } from "./routes";

/** What differs between the two import screens (SPEC §2): address, title, intro and the file's columns. */
export interface ImportScreen {
  kind: ImportKind;
  base: string;
  titleKey: string;
  introKey: string;
  templateTextKey: string;
  columns: readonly string[];
  required: readonly string[];
  /** Where each column's explanation is: `${columnsKey}.${column}`. */
  columnsKey: string;
}

export const IMPORT_SCREENS: Record<ImportKind, ImportScreen> = {
  identities: {
    kind: "identities",
    base: importRoutes.identityBulkImport.pattern,
    titleKey: "imports.identities.title",
    introKey: "imports.identities.intro",
    templateTextKey: "imports.template.text",
    columns: IDENTITY_COLUMNS,
    required: REQUIRED_IDENTITY_COLUMNS,
    columnsKey: "imports.columns",
  },
  organizations: {
    kind: "organizations",
    base: importRoutes.organizationBulkImport.pattern,
    titleKey: "imports.organizations.title",
    introKey: "imports.organizations.intro",
    templateTextKey: "imports.organizations.templateText",
    columns: ORGANIZATION_COLUMNS,
    required: REQUIRED_ORGANIZATION_COLUMNS,
    columnsKey: "imports.organizationColumns",
  },
};
