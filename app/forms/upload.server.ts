import { unstable_parseMultipartFormData, type UploadHandler, type UploadHandlerPart } from "@remix-run/node";
import { readFormData } from "~/security/form-body.server";
import { MAX_FILE_BYTES } from "~/limits";
import { MAX_UPLOAD_BODY_BYTES } from "~/security/body-limits";

/** One uploaded file, read into memory (at most MAX_FILE_BYTES). */
export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
}

export interface ParsedUpload {
  /** The text fields. */
  fields: FormData;
  /** The first file, when exactly one was sent and it was not too large. */
  file: UploadedFile | null;
  /** Why the file(s) cannot be taken: more than one file, or a file over the limit. */
  problem: "tooMany" | "tooLarge" | null;
}

/** A text field longer than this is refused outright (no form field of the library needs it). */
const MAX_FIELD_BYTES = 64 * 1024;

const payloadTooLarge = () => new Response("Payload Too Large", { status: 413 });

/**
 * Reads a multipart post as it streams in: text fields into a FormData, the first non-empty file
 * into memory up to MAX_FILE_BYTES; further files and oversize content are read and dropped,
 * only counted, so memory stays bounded whatever is sent. An empty file part (a file input with
 * no file chosen) is not a file.
 */
export async function parseUpload(request: Request): Promise<ParsedUpload> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_UPLOAD_BODY_BYTES) throw payloadTooLarge();
  let total = 0;
  let files = 0;
  let tooLarge = false;
  let first: UploadedFile | null = null;

  async function read(part: UploadHandlerPart, keepUpTo: number): Promise<{ chunks: Uint8Array[]; size: number }> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of part.data) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (total > MAX_UPLOAD_BODY_BYTES) throw payloadTooLarge();
      if (size <= keepUpTo) chunks.push(chunk);
    }
    return { chunks, size };
  }

  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== "string") {
      const { chunks, size } = await read(part, MAX_FIELD_BYTES);
      if (size > MAX_FIELD_BYTES) throw payloadTooLarge();
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    const keep = files === 0 ? MAX_FILE_BYTES : 0;
    const { chunks, size } = await read(part, keep);
    if (size === 0 && part.filename === "") return undefined;
    files += 1;
    if (files > 1) return undefined;
    if (size > MAX_FILE_BYTES) tooLarge = true;
    else first = { fileName: part.filename, bytes: new Uint8Array(Buffer.concat(chunks)) };
    return undefined;
  };
  const fields = await readFormData(request, (r) => unstable_parseMultipartFormData(r, handler));
  const problem = files > 1 ? "tooMany" : tooLarge ? "tooLarge" : null;
  return { fields, file: problem ? null : first, problem };
}

/** Whether a post is multipart (an upload form) rather than a plain form post. */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** The message of each reason a posted file cannot be taken (SPEC §8 for two files and a wrong type). */
export const FILE_PROBLEMS = {
  tooMany: "validations.oneFileOnly",
  tooLarge: "validations.fileTooLarge",
  invalidType: "validations.invalidFileType",
} as const;

/** Why the posted file cannot be taken, as a message key (none chosen, two files, too large), or null. */
export function uploadProblemOf(upload: ParsedUpload): string | null {
  if (upload.problem) return FILE_PROBLEMS[upload.problem];
  return upload.file ? null : "validations.required";
}
