/** The parent of a path: /admin/users/create → /admin/users; a top-level path → /. Query is dropped. */
export function parentPath(path: string): string {
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, "");
  const cut = pathname.lastIndexOf("/");
  return cut <= 0 ? "/" : pathname.slice(0, cut);
}
