/**
 * The offline queue's storage (issue #34 §2): IndexedDB, read by the page and by the service
 * worker (which shows the count on the offline page). Each post names its owner, and only the
 * owner's posts are read; sign-out clears the site's storage (Clear-Site-Data) and the queue with it.
 */
import type { QueuedPost } from "~/forms/offline-queue";

const DATABASE = "portal-offline-queue";
const STORE = "posts";
const CHANNEL = "portal-offline-queue";

function openQueue(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("offline queue unavailable"));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openQueue();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error("offline queue write failed"));
      transaction.onabort = () => reject(transaction.error ?? new Error("offline queue write aborted"));
    });
  } finally {
    database.close();
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

/** Tells this page's and the other tabs' lists that the queue changed. */
function changed(): void {
  for (const listener of listeners) listener();
  channelOf()?.postMessage("changed");
}

function channelOf(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    if (channel) channel.onmessage = () => listeners.forEach((listener) => listener());
  }
  return channel;
}

/** Calls back whenever the queue changes, here or in another tab; returns the unsubscribe. */
export function onQueueChanged(listener: Listener): () => void {
  channelOf();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps a post; with an id, in place of the one it names (the same form sent again while offline). */
export async function queuePost(post: QueuedPost): Promise<number> {
  const { id: given, ...fresh } = post;
  const id = await withStore("readwrite", (store) => (given === undefined ? store.add(fresh) : store.put(post)));
  changed();
  return Number(id);
}

/** The owner's waiting posts, oldest first. */
export async function queuedPostsOf(owner: string): Promise<QueuedPost[]> {
  const all = await withStore<QueuedPost[]>("readonly", (store) => store.getAll() as IDBRequest<QueuedPost[]>);
  return all.filter((post) => post.owner === owner).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

export async function dropQueuedPost(id: number): Promise<void> {
  await withStore("readwrite", (store) => store.delete(id));
  changed();
}

export async function markRefused(post: QueuedPost, status: number): Promise<void> {
  await withStore("readwrite", (store) => store.put({ ...post, refused: status }));
  changed();
}

/** Empties the queue (sign-out; the server's Clear-Site-Data does it too, this is for when it does not arrive). */
export async function forgetQueuedPosts(): Promise<void> {
  await withStore("readwrite", (store) => store.clear());
  changed();
}
