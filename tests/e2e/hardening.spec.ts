import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { pathOf, signInShared } from "./helpers";

/** Request-level checks need no browser script: run them once, in the JavaScript-on project. */
const requestLevel = () => test.skip(test.info().project.name !== "js-on", "request-level check, run once");

test.describe("issue #10 §1: no redirect leaves the site", () => {
  test("sign-in with a tab-smuggled returnTo ends on the portal's home", async ({ page, baseURL }) => {
    await signInShared(page, "dealer@example.com", "/login?returnTo=%2F%09%2Fevil.example");
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    expect(await pathOf(page)).toBe("/");
  });

  test("access denied's back link never points off-site", async ({ page }) => {
    await signInShared(page, "dealer@example.com");
    await page.goto("/access-denied?from=%2F%09%2Fevil.example%2Fadmin");
    await expect(page.getByRole("link", { name: "Go back" })).toHaveAttribute("href", "/");
  });

  test("the language form's returnTo with CR/LF or a tab goes to the root, never a 500", async ({ request }) => {
    requestLevel();
    for (const returnTo of [
      "/\t/evil.example",
      "/\r\nSet-Cookie: x=1",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
    ]) {
      const response = await request.post("/locale", { form: { locale: "de", returnTo }, maxRedirects: 0 });
      expect(response.status(), returnTo).toBe(302);
      expect(response.headers()["location"], returnTo).toBe("/");
    }
  });
});

test.describe("issue #10 §2: odd paths are guarded exactly like their canonical form", () => {
  test("the dealer is refused /ADMIN, /%61dmin and /admin// like /admin", async ({ page }) => {
    await signInShared(page, "dealer@example.com");
    for (const path of ["/ADMIN", "/%61dmin", "/admin//"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/access-denied\?from=/);
    }
  });

  test("the auditor (no documents:view) is refused /Documents/1/Download", async ({ page }) => {
    await signInShared(page, "auditor@example.com");
    await page.goto("/DOCUMENTS");
    await expect(page).toHaveURL(/\/access-denied\?from=/);
    const download = await page.request.get("/Documents/1/Download", { maxRedirects: 0 });
    expect(download.status()).toBe(302);
    expect(download.headers()["location"]).toMatch(/^\/access-denied\?from=/);
  });

  test("the administrator reaches /ADMIN as the announcements list", async ({ page }) => {
    await signInShared(page, "admin@example.com", "/ADMIN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Announcements");
  });
});

test.describe("issue #10 §2: bad input answers 4xx, never 500", () => {
  async function admin(page: import("@playwright/test").Page): Promise<APIRequestContext> {
    await signInShared(page, "admin@example.com");
    return page.request;
  }

  test("a form action posted with a non-form body is a 415; a broken multipart body a 400 with a translated message", async ({
    page,
  }) => {
    requestLevel();
    const api = await admin(page);
    for (const headers of [
      { "Content-Type": "application/json" },
      { "Content-Type": "text/plain" },
      { "Content-Type": "application/xml" },
      { "Content-Type": "multipart/form-data" },
    ]) {
      const response = await api.post("/admin/application", { headers, data: '{"name":"x"}', maxRedirects: 0 });
      expect(response.status(), headers["Content-Type"]).toBe(415);
    }
    const noType = await api.fetch("/admin/application", { method: "POST", maxRedirects: 0 });
    expect(noType.status()).toBe(415);
    const broken = await api.post("/admin/application", {
      headers: { "Content-Type": "multipart/form-data; boundary=abc" },
      data: '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--abcBROKEN',
      maxRedirects: 0,
    });
    expect(broken.status()).toBe(400);
    expect(await broken.text()).toContain("The form could not be read. Go back, reload the page and try again.");
  });

  test("a NUL byte in a search is a 400", async ({ page }) => {
    requestLevel();
    const api = await admin(page);
    for (const path of ["/admin?q=%00", "/documents?q=%00", "/admin/applications?q=a%00b"]) {
      expect((await api.get(path, { maxRedirects: 0 })).status(), path).toBe(400);
    }
  });

  test("ids beyond 32 bits are a 404 in every route param, GET and POST", async ({ page }) => {
    requestLevel();
    const api = await admin(page);
    for (const path of [
      "/admin/application/2147483648",
      "/admin/application/1e20",
      "/admin/announcement/12345678901234567890/edit",
      "/documents/2147483648/download",
      "/announcements/2147483648/open",
    ]) {
      expect((await api.get(path, { maxRedirects: 0 })).status(), `GET ${path}`).toBe(404);
    }
    for (const path of ["/admin/application/2147483648", "/admin/announcement/1e20/edit"]) {
      expect((await api.post(path, { form: { intent: "delete" }, maxRedirects: 0 })).status(), `POST ${path}`).toBe(
        404,
      );
    }
    expect((await api.get("/api/v2/announcements/2147483648")).status()).toBe(404);
    expect((await api.delete("/api/v2/announcements/12345678901234567890")).status()).toBe(404);
  });

  test("undecodable addresses are a 400; TRACE is a 405", async ({ request }) => {
    requestLevel();
    for (const path of ["/%", "/%ff", "/admin/%"])
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(400);
    const trace = await request.fetch("/", { method: "TRACE" });
    expect(trace.status()).toBe(405);
    expect(trace.headers()["allow"]).toContain("GET");
  });

  test("a method Node's parser does not know is a 405 too", async ({ baseURL }) => {
    requestLevel();
    const { port } = new URL(baseURL!);
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("FOO / HTTP/1.1\r\nHost: localhost\r\n\r\n"),
      );
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      socket.on("end", () => resolve(answer.split("\r\n")[0]));
      socket.on("error", reject);
    });
    expect(statusLine).toBe("HTTP/1.1 405 Method Not Allowed");
  });

  test("a date beyond year 9999 gets the field's validation message in the editor and the list filter", async ({
    page,
  }) => {
    await signInShared(page, "admin@example.com", "/admin?range=custom&from=10000-01-01");
    await expect(page.getByText("The value is not a valid date")).toBeVisible();
    await expect(page.getByLabel("From")).toHaveAttribute("aria-invalid", "true");
    const response = await page.request.post("/admin/announcement", {
      form: {
        title: "Far future",
        language: "nl",
        priority: "medium",
        linkUrl: "https://example.com",
        startDate: "10000-01-01",
        expirationDate: "10000-02-01",
        brandIds: "1",
        regionCodes: "NA",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBeLessThan(500);
    expect(await response.text()).toContain("The value is not a valid date");
  });
});

test.describe("issue #10 §3: headers and cross-site checks", () => {
  test("signed-in pages and their data are private, no-store; frames are denied", async ({ page }) => {
    requestLevel();
    await signInShared(page, "dealer@example.com");
    const html = await page.request.get("/");
    expect(html.headers()["cache-control"]).toBe("private, no-store");
    expect(html.headers()["x-frame-options"]).toBe("DENY");
    const data = await page.request.get("/_root.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toBe("private, no-store");
  });

  test("a post without Origin whose Referer is another site is refused", async ({ request }) => {
    requestLevel();
    const response = await request.post("/locale", {
      form: { locale: "de", returnTo: "/" },
      headers: { Referer: "https://evil.example/page" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("the cross-site check compares Origin with the configured origins, not the request's Host", async ({
    baseURL,
  }) => {
    requestLevel();
    const { port } = new URL(baseURL!);
    // A request that names evil.example as its Host and its Origin agrees with itself, but is not ours.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/locale",
          method: "POST",
          headers: {
            Host: "evil.example",
            Origin: "http://evil.example",
            "Content-Type": "application/x-www-form-urlencoded",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end("locale=de&returnTo=%2F");
    });
    expect(status).toBe(403);
  });
});

test.describe("a body the answer leaves unread", () => {
  test("ends its connection, so its bytes are never read as the next request", async ({ baseURL }) => {
    requestLevel();
    const { port } = new URL(baseURL!);
    const body = "x".repeat(600_000);
    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST /no-such-page HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`,
        );
        socket.write(body.slice(0, 1000));
      });
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
        if (answer.includes("\r\n\r\n")) {
          socket.destroy();
          resolve(answer.split("\r\n\r\n")[0]);
        }
      });
      socket.on("error", reject);
    });
    expect(head).toMatch(/^HTTP\/1\.1 404/);
    expect(head.toLowerCase()).toContain("connection: close");
  });
});
