import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { documentShownTo, documentVisibleTo } from "~/documents/visibility";
import { attachmentDisposition, detectFileType, fileTypeLabel, safeFileName } from "~/documents/file-types";
import { MAX_FILE_BYTES } from "~/limits";
import { formatFileSize } from "~/documents/file-size";
import { recordIdOf } from "~/navigation/id-param";
import { documentsReturnPath } from "~/documents/return-path";
import { SUBJECTS } from "~/documents/subjects";
import { parseUpload } from "~/forms/upload.server";
import { isValidStorageKey, localFileStore } from "~/storage/file-store.server";
import { DOCUMENT_SUBJECTS } from "~/db/schema";
import { documentFilters, documentSchema } from "~/documents/schema";
import { docxFile, jpegFile, pdfFile, pngFile, xlsxFile } from "~/seed/seed-document-files";
import { SEED_DOCUMENTS } from "~/seed/seed-documents";

const PDF = pdfFile("Test", ["line"]);
const PNG = pngFile(2, 2, [[0, 0, 0]]);
const JPG = jpegFile();
const DOCX = docxFile(["x"]);
const XLSX = xlsxFile([["a", 1]]);

describe("document visibility: brand and region targeting, as announcements", () => {
  const dealer = { brandIds: [1], regions: ["NA"] };
  it("a document is visible when it targets one of the user's brands and one of the user's regions", () => {
    expect(documentVisibleTo({ brandIds: [1, 2], regionCodes: ["NA", "EMEA"] }, dealer)).toBe(true);
  });
  it("a matching brand alone or a matching region alone is not enough", () => {
    expect(documentVisibleTo({ brandIds: [1], regionCodes: ["EMEA"] }, dealer)).toBe(false);
    expect(documentVisibleTo({ brandIds: [3], regionCodes: ["NA"] }, dealer)).toBe(false);
  });
  it("an empty brand or region list targets no one", () => {
    expect(documentVisibleTo({ brandIds: [], regionCodes: ["NA"] }, dealer)).toBe(false);
    expect(documentVisibleTo({ brandIds: [1], regionCodes: [] }, dealer)).toBe(false);
    expect(documentVisibleTo({ brandIds: [1], regionCodes: ["NA"] }, { brandIds: [], regions: [] })).toBe(false);
  });
  it("SPEC #30 library managers also see the documents of the brands they administer; others only those targeted at them", () => {
    const halden = { brandIds: [3], regionCodes: ["EMEA"] };
    expect(documentShownTo(halden, dealer, [3])).toBe(true);
    expect(documentShownTo({ brandIds: [1, 3], regionCodes: ["EMEA"] }, dealer, [3])).toBe(true);
    expect(documentShownTo(halden, dealer, [1, 2, 4])).toBe(false);
    expect(documentShownTo(halden, dealer, [])).toBe(false);
    expect(documentShownTo({ brandIds: [1], regionCodes: ["NA"] }, dealer, [])).toBe(true);
  });
});

describe("allowed file types: by extension AND content", () => {
  const CONTENT = { PDF, DOCX, XLSX, PNG, JPG } as const;
  it.each([
    ["guide.pdf", "PDF"],
    ["form.DOCX", "DOCX"],
    ["prices.xlsx", "XLSX"],
    ["logo.png", "PNG"],
    ["photo.jpg", "JPG"],
    ["photo.jpeg", "JPG"],
  ] as const)("%s is accepted as %s", (name, label) => {
    expect(detectFileType(name, CONTENT[label])?.label).toBe(label);
  });
  it("a wrong extension is refused even with valid content", () => {
    expect(detectFileType("notes.txt", PDF)).toBeNull();
    expect(detectFileType("archive.zip", DOCX)).toBeNull();
    expect(detectFileType("noextension", PDF)).toBeNull();
  });
  it("content that does not match the extension is refused (a renamed file)", () => {
    expect(detectFileType("report.pdf", new TextEncoder().encode("MZ\x90\x00 executable"))).toBeNull();
    expect(detectFileType("logo.png", JPG)).toBeNull();
    expect(detectFileType("guide.pdf", new Uint8Array(0))).toBeNull();
  });
  it("the stored content type comes from the table and gives the list's label", () => {
    expect(detectFileType("a.xlsx", XLSX)?.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(fileTypeLabel("image/jpeg")).toBe("JPG");
    expect(MAX_FILE_BYTES).toBe(20 * 1024 * 1024);
  });
});

describe("safe download file names", () => {
  it("keeps only the last path segment and drops control and special characters", () => {
    expect(safeFileName("../../etc/passwd.pdf")).toBe("passwd.pdf");
    expect(safeFileName('C:\\Users\\me\\price "list";\r\n.xlsx')).toBe("price list.xlsx");
    expect(safeFileName(".hidden.pdf")).toBe("hidden.pdf");
    expect(safeFileName(".pdf")).toBe("pdf");
    expect(safeFileName("")).toBe("document");
  });
  it("limits the name to 120 characters and keeps the extension", () => {
    const name = safeFileName(`${"x".repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith(".pdf")).toBe(true);
  });
  it("Content-Disposition is an attachment with an ASCII filename and the exact UTF-8 filename* (RFC 5987)", () => {
    expect(attachmentDisposition("Garantie Übersicht (2027).pdf")).toBe(
      `attachment; filename="Garantie _bersicht (2027).pdf"; filename*=UTF-8''Garantie%20%C3%9Cbersicht%20%282027%29.pdf`,
    );
    expect(attachmentDisposition('a"b%c.pdf')).toBe(`attachment; filename="ab_c.pdf"; filename*=UTF-8''ab%25c.pdf`);
    expect(attachmentDisposition("..\\..\\secret.pdf")).toBe(
      `attachment; filename="secret.pdf"; filename*=UTF-8''secret.pdf`,
    );
  });
});

describe("file sizes for people, localised", () => {
  it("bytes, then KB, then MB in the locale's number format", () => {
    expect(formatFileSize(512, "en")).toBe("512 byte");
    expect(formatFileSize(1536, "en")).toBe("1.5 kB");
    expect(formatFileSize(1536, "de")).toBe("1,5 kB");
    expect(formatFileSize(20 * 1024 * 1024, "en")).toBe("20 MB");
  });
});

describe("storage keys never leave the store's folder", () => {
  it.each(["../secret", "documents/../../x", "/etc/passwd", "a\\b", "", ".hidden", "documents//x", "documents/x/"])(
    "%j is refused",
    (key) => {
      expect(isValidStorageKey(key)).toBe(false);
    },
  );
  it("plain segmented keys are accepted", () => {
    expect(isValidStorageKey("documents/0b7e1c2a-1f.pdf")).toBe(true);
    expect(isValidStorageKey("seed/portal-quick-start.pdf")).toBe(true);
  });
  it("the local store writes, streams back and deletes under its root, and refuses bad keys", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "file-store-"));
    const store = localFileStore(root);
    await store.put("documents/a.pdf", PDF);
    const file = await store.get("documents/a.pdf");
    expect(file?.size).toBe(PDF.byteLength);
    expect(new Uint8Array(await new Response(file!.stream).arrayBuffer())).toEqual(PDF);
    expect(readdirSync(path.join(root, "documents"))).toEqual(["a.pdf"]);
    await store.delete("documents/a.pdf");
    expect(await store.get("documents/a.pdf")).toBeNull();
    await store.delete("documents/a.pdf");
    await expect(store.put("../escape.pdf", PDF)).rejects.toThrow(/Invalid storage key/);
    await expect(store.get("../../etc/passwd")).rejects.toThrow(/Invalid storage key/);
  });
});

describe("the library's list parameters", () => {
  it("the subject filter takes only known subjects; the search is trimmed", () => {
    expect(documentFilters(new URLSearchParams("subject=Parts&q=%20price%20"))).toEqual({
      subject: "Parts",
      query: "price",
    });
    expect(documentFilters(new URLSearchParams("subject=Nope"))).toEqual({ subject: null, query: "" });
  });
  it("the browser's subject list is the database's", () => {
    expect([...SUBJECTS]).toEqual([...DOCUMENT_SUBJECTS]);
  });
  it("document ids are positive 32-bit integers only", () => {
    expect(recordIdOf("12")).toBe(12);
    for (const raw of ["0", "-1", "1e3", "12abc", "2147483648", "", null]) expect(recordIdOf(raw)).toBeNull();
  });
  it("after a post the list comes back with its filters, without dialogs, on /documents only", () => {
    expect(documentsReturnPath("/documents?subject=Parts&q=oil&confirmDelete=3", "deleted")).toBe(
      "/documents?subject=Parts&q=oil&done=deleted",
    );
    expect(documentsReturnPath("https://evil.example.com/documents?x=1", "uploaded")).toBe("/documents?done=uploaded");
    expect(documentsReturnPath("//evil.example.com/documents", "uploaded")).toBe("/documents?done=uploaded");
    expect(documentsReturnPath("/admin", "replaced")).toBe("/documents?done=replaced");
    expect(documentsReturnPath(null, "uploaded")).toBe("/documents?done=uploaded");
  });
  it("the upload form needs a name, a subject, a brand and a region", () => {
    const result = documentSchema.safeParse({ name: " ", subject: "Other", brandIds: [], regionCodes: [] });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "name:validations.required",
        "subject:validations.required",
        "brandIds:validations.selectionBrands",
        "regionCodes:validations.selectionRegions",
      ]),
    );
  });
});

function multipart(parts: { name: string; value: string | Uint8Array; fileName?: string }[]): Request {
  const form = new FormData();
  for (const part of parts) {
    if (part.fileName !== undefined) form.append(part.name, new Blob([Buffer.from(part.value)]), part.fileName);
    else form.append(part.name, part.value as string);
  }
  return new Request("http://localhost/documents", { method: "POST", body: form });
}

describe("upload parsing: one file at a time, at most 20 MB", () => {
  it("one file and the text fields are read", async () => {
    const upload = await parseUpload(
      multipart([
        { name: "name", value: "Guide" },
        { name: "file", value: PDF, fileName: "guide.pdf" },
      ]),
    );
    expect(upload.problem).toBeNull();
    expect(upload.fields.get("name")).toBe("Guide");
    expect(upload.file?.fileName).toBe("guide.pdf");
    expect(upload.file?.bytes).toEqual(PDF);
  });
  it("two files are refused as one item at a time", async () => {
    const upload = await parseUpload(
      multipart([
        { name: "file", value: PDF, fileName: "a.pdf" },
        { name: "file", value: PNG, fileName: "b.png" },
      ]),
    );
    expect(upload).toMatchObject({ problem: "tooMany", file: null });
  });
  it("a file input with no file chosen is no file", async () => {
    const upload = await parseUpload(multipart([{ name: "file", value: new Uint8Array(0), fileName: "" }]));
    expect(upload).toMatchObject({ problem: null, file: null });
  });
  it("a file over 20 MB is refused as too large", async () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(PDF.subarray(0, 5));
    const upload = await parseUpload(multipart([{ name: "file", value: big, fileName: "big.pdf" }]));
    expect(upload).toMatchObject({ problem: "tooLarge", file: null });
  });
});

/** Reads the PDF's xref table and checks every offset points at its object. */
function pdfXrefIsCorrect(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString("latin1");
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
  const table = text.slice(startxref).split("\n");
  if (table[0] !== "xref") return false;
  const count = Number(table[1].split(" ")[1]);
  for (let n = 1; n < count; n++) {
    const offset = Number(table[2 + n].slice(0, 10));
    if (!text.startsWith(`${n} 0 obj`, offset)) return false;
  }
  return true;
}

describe("demo seed: at least 10 real, small files over the subjects and brands", () => {
  it("the hand-written PDF has a correct xref table", () => {
    expect(pdfXrefIsCorrect(PDF)).toBe(true);
    for (const seed of SEED_DOCUMENTS.filter((s) => s.fileName.endsWith(".pdf")))
      expect(pdfXrefIsCorrect(seed.bytes())).toBe(true);
  });
  it("every seed file is an allowed type by name and content, and small", () => {
    expect(SEED_DOCUMENTS.length).toBeGreaterThanOrEqual(10);
    for (const seed of SEED_DOCUMENTS) {
      const bytes = seed.bytes();
      expect(detectFileType(seed.fileName, bytes), seed.fileName).not.toBeNull();
      expect(bytes.byteLength).toBeLessThan(10_000);
    }
    expect(new Set(SEED_DOCUMENTS.map((s) => detectFileType(s.fileName, s.bytes())!.label))).toEqual(
      new Set(["PDF", "DOCX", "XLSX", "PNG", "JPG"]),
    );
  });
  it("the seed covers every subject, brands 1–5 and regions NA, EMEA, APAC", () => {
    expect(new Set(SEED_DOCUMENTS.map((s) => s.subject))).toEqual(new Set(SUBJECTS));
    expect(new Set(SEED_DOCUMENTS.flatMap((s) => s.brandIds))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(SEED_DOCUMENTS.flatMap((s) => s.regionCodes))).toEqual(new Set(["NA", "EMEA", "APAC"]));
  });
  it("the dealer (brand 1, NA) and Halden's user (brand 3, EMEA) each see several, mostly different documents", () => {
    const seen = (audience: { brandIds: number[]; regions: string[] }) =>
      SEED_DOCUMENTS.filter((s) => documentVisibleTo(s, audience)).map((s) => s.name);
    const dealer = seen({ brandIds: [1], regions: ["NA"] });
    const halden = seen({ brandIds: [3], regions: ["EMEA"] });
    expect(dealer.length).toBeGreaterThanOrEqual(4);
    expect(halden.length).toBeGreaterThanOrEqual(4);
    expect(dealer.filter((name) => halden.includes(name))).toEqual(["Dealer portal quick start"]);
  });
  it("the zip packages end with a central directory and the JPEG with its end marker", () => {
    for (const zip of [DOCX, XLSX])
      expect(Buffer.from(zip.subarray(zip.length - 22, zip.length - 18)).readUInt32LE(0)).toBe(0x06054b50);
    expect([...JPG.subarray(JPG.length - 2)]).toEqual([0xff, 0xd9]);
  });
});
