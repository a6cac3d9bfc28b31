import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { randomUUID } from "node:crypto";
import { getConfig } from "~/config.server";

/**
 * Where uploaded files live. The local disk implements it now; an S3-compatible store can
 * replace it later without touching the services (they only see this interface).
 */
export interface FileStore {
  /** Stores bytes under a key, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes as a stream with their size, or null when nothing is stored under the key. */
  get(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  /** Removes a key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Keys are one or more "/"-separated segments of letters, digits, ".", "_" and "-", each
 * starting with a letter or digit: no "..", no absolute paths, no backslashes, so a key can
 * never leave the store's folder.
 */
export function isValidStorageKey(key: string): boolean {
  return key.length <= 512 && key.split("/").every((segment) => KEY_SEGMENT.test(segment));
}

/** A fresh key for a new upload of a given extension (documents/<uuid>.pdf). */
export function newStorageKey(extension: string): string {
  return `documents/${randomUUID()}${/^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : ""}`;
}

/** Files on the local disk under one root folder (DATA_DIR/files by default). */
export function localFileStore(root: string): FileStore {
  const resolvedRoot = path.resolve(root);
  const pathOf = (key: string): string => {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    const full = path.resolve(resolvedRoot, ...key.split("/"));
    if (!full.startsWith(resolvedRoot + path.sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside, then rename: a reader never sees half a file.
      const temporary = `${target}.${randomUUID()}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(key) {
      const target = pathOf(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>, size: info.size };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

let store: FileStore | undefined;

/** The process's file store: the local disk under DATA_DIR/files. */
export function fileStore(): FileStore {
  store ??= localFileStore(path.join(getConfig().DATA_DIR, "files"));
  return store;
}
