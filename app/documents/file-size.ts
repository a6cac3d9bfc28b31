const formats = new Map<string, Intl.NumberFormat>();

function unitFormat(locale: string, unit: "byte" | "kilobyte" | "megabyte"): Intl.NumberFormat {
  const key = `${locale}:${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "unit",
      unit,
      unitDisplay: "short",
      maximumFractionDigits: unit === "byte" ? 0 : 1,
    });
    formats.set(key, format);
  }
  return format;
}

/** A file size for people, in the locale's numbers and units: bytes below 1 KB, then KB (1024), then MB. */
export function formatFileSize(bytes: number, locale: string): string {
  if (bytes < 1024) return unitFormat(locale, "byte").format(bytes);
  if (bytes < 1024 * 1024) return unitFormat(locale, "kilobyte").format(bytes / 1024);
  return unitFormat(locale, "megabyte").format(bytes / (1024 * 1024));
}
