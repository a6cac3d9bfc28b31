import { sql } from "drizzle-orm";
import { FILE_TYPES } from "~/documents/file-types";
import type { Subject } from "~/documents/subjects";
import { fileStore, type FileStore } from "~/storage/file-store.server";
import type { Database } from "~/db/client.server";
import { documents } from "~/db/schema";
import { docxFile, jpegFile, pdfFile, pngFile, xlsxFile } from "./seed-document-files";

/** Demo documents (issue #5 §3): every subject, brands 1–5, regions NA, EMEA and APAC. */
interface SeedDocument {
  name: string;
  description: string;
  subject: Subject;
  brandIds: number[];
  regionCodes: string[];
  fileName: string;
  updatedDaysAgo: number;
  bytes: () => Uint8Array;
}

export const SEED_DOCUMENTS: SeedDocument[] = [
  {
    name: "Dealer portal quick start",
    description: "How to find applications, announcements and documents in the portal.",
    subject: "General",
    brandIds: [1, 2, 3, 4, 5],
    regionCodes: ["NA", "EMEA", "APAC"],
    fileName: "portal-quick-start.pdf",
    updatedDaysAgo: 40,
    bytes: () =>
      pdfFile("Dealer portal quick start", [
        "1. Sign in with your e-mail address.",
        "2. Open your applications from My applications.",
        "3. Read announcements and find documents in the library.",
      ]),
  },
  {
    name: "Warranty claim guide",
    description: "Step-by-step claim submission, including the machine hours reading.",
    subject: "Warranty",
    brandIds: [1, 2],
    regionCodes: ["NA"],
    fileName: "warranty-claim-guide.pdf",
    updatedDaysAgo: 12,
    bytes: () =>
      pdfFile("Warranty claim guide", [
        "Every claim needs the serial number and the machine hours reading.",
        "Attach photos of the failed part.",
        "Claims are answered within ten working days.",
      ]),
  },
  {
    name: "Spring parts price list",
    description: "List prices of filters, belts and wear parts for the spring season.",
    subject: "Parts",
    brandIds: [1],
    regionCodes: ["NA"],
    fileName: "spring-parts-prices.xlsx",
    updatedDaysAgo: 5,
    bytes: () =>
      xlsxFile([
        ["Part number", "Description", "List price (USD)"],
        ["VT-1001", "Oil filter", 18.5],
        ["VT-1002", "Air filter", 42],
        ["VT-2040", "Drive belt", 67.9],
      ]),
  },
  {
    name: "Machine inspection checklist",
    description: "Daily walk-around inspection before the first shift.",
    subject: "Service",
    brandIds: [1],
    regionCodes: ["NA"],
    fileName: "inspection-checklist.pdf",
    updatedDaysAgo: 20,
    bytes: () =>
      pdfFile("Machine inspection checklist", [
        "Check engine oil and coolant levels.",
        "Inspect hydraulic hoses for leaks.",
        "Test lights, horn and seat belt.",
      ]),
  },
  {
    name: "Vantor brand colours",
    description: "Colour swatches for dealer signage and print.",
    subject: "Marketing",
    brandIds: [1],
    regionCodes: ["NA", "EMEA"],
    fileName: "vantor-colours.png",
    updatedDaysAgo: 60,
    bytes: () =>
      pngFile(48, 24, [
        [255, 54, 0],
        [34, 34, 34],
        [247, 247, 247],
      ]),
  },
  {
    name: "IRW return form",
    description: "Form for returning parts under the IRW process.",
    subject: "IRW",
    brandIds: [1, 4],
    regionCodes: ["NA", "EMEA"],
    fileName: "irw-return-form.docx",
    updatedDaysAgo: 8,
    bytes: () => docxFile(["IRW return form", "Dealer number:", "Part number and quantity:", "Reason for return:"]),
  },
  {
    name: "Portable Power sales playbook",
    description: "Selling generators and compressors to rental fleets.",
    subject: "Sales",
    brandIds: [2],
    regionCodes: ["NA"],
    fileName: "portable-power-playbook.pdf",
    updatedDaysAgo: 15,
    bytes: () =>
      pdfFile("Portable Power sales playbook", [
        "Know the customer's peak load.",
        "Offer a service contract with every unit.",
        "Rental fleets value uptime over list price.",
      ]),
  },
  {
    name: "Halden excavator brochure",
    description: "The Halden excavator range with key specifications.",
    subject: "Sales",
    brandIds: [3],
    regionCodes: ["EMEA"],
    fileName: "halden-excavators.pdf",
    updatedDaysAgo: 3,
    bytes: () =>
      pdfFile("Halden excavator brochure", [
        "HX 140: 14 t operating weight, 85 kW.",
        "HX 220: 22 t operating weight, 120 kW.",
        "All models meet Stage V emission rules.",
      ]),
  },
  {
    name: "Halden warranty terms",
    description: "Warranty periods and conditions for Halden machines.",
    subject: "Warranty",
    brandIds: [3],
    regionCodes: ["EMEA"],
    fileName: "halden-warranty-terms.pdf",
    updatedDaysAgo: 30,
    bytes: () =>
      pdfFile("Halden warranty terms", [
        "Machines: 24 months or 3,000 hours, whichever comes first.",
        "Parts: 12 months from fitting.",
      ]),
  },
  {
    name: "Halden showroom photo",
    description: "A showroom sample image for dealer websites.",
    subject: "Marketing",
    brandIds: [3],
    regionCodes: ["EMEA"],
    fileName: "halden-showroom.jpg",
    updatedDaysAgo: 45,
    bytes: () => jpegFile(),
  },
  {
    name: "Halden IRW process overview",
    description: "How Halden dealers report and return parts under IRW.",
    subject: "IRW",
    brandIds: [3],
    regionCodes: ["EMEA"],
    fileName: "halden-irw-overview.pdf",
    updatedDaysAgo: 22,
    bytes: () =>
      pdfFile("Halden IRW process overview", [
        "1. Report the part in the IRW application.",
        "2. Print the return label.",
        "3. Ship within 30 days.",
      ]),
  },
  {
    name: "Corvane maintenance schedule",
    description: "Service intervals for Corvane loaders and dozers.",
    subject: "Service",
    brandIds: [4],
    regionCodes: ["EMEA"],
    fileName: "corvane-maintenance.xlsx",
    updatedDaysAgo: 18,
    bytes: () =>
      xlsxFile([
        ["Task", "Interval (hours)"],
        ["Engine oil", 500],
        ["Hydraulic filter", 1000],
        ["Coolant", 3000],
      ]),
  },
  {
    name: "Brixton parts catalogue extract",
    description: "Most ordered wear parts for Brixton loaders.",
    subject: "Parts",
    brandIds: [5],
    regionCodes: ["APAC"],
    fileName: "brixton-parts-extract.pdf",
    updatedDaysAgo: 9,
    bytes: () =>
      pdfFile("Brixton parts catalogue extract", ["BX-310 bucket tooth", "BX-455 cutting edge", "BX-602 track pad"]),
  },
];

/** The demo documents with their files; runs only on a database without documents. */
export async function seedDocuments(
  database: Database,
  store: FileStore = fileStore(),
  now = new Date(),
): Promise<boolean> {
  const [{ count }] = await database.select({ count: sql<number>`count(*)::int` }).from(documents);
  if (count > 0) return false;
  const rows = [];
  for (const seed of SEED_DOCUMENTS) {
    const bytes = seed.bytes();
    const extension = seed.fileName.split(".").pop()!;
    const type = FILE_TYPES.find((t) => t.extensions.includes(extension))!;
    // Seed keys are fixed, so seeding another database on the same folder rewrites the same bytes.
    const storageKey = `seed/${seed.fileName}`;
    await store.put(storageKey, bytes);
    const updatedAt = new Date(now.getTime() - seed.updatedDaysAgo * 86_400_000);
    rows.push({
      name: seed.name,
      description: seed.description,
      subject: seed.subject,
      brandIds: seed.brandIds,
      regionCodes: seed.regionCodes,
      fileName: seed.fileName,
      contentType: type.contentType,
      sizeBytes: bytes.byteLength,
      storageKey,
      createdAt: updatedAt,
      updatedAt,
    });
  }
  await database.insert(documents).values(rows);
  return true;
}
