import { describe, expect, it } from "vitest";
import { nginxConfigOf } from "../../scripts/cluster/nginx";

describe("issue #37: the local cluster's nginx configuration", () => {
  const config = nginxConfigOf({ port: 8080, upstreamPorts: [4001, 4002], dir: "/tmp/x" });

  it("balances over every instance and marks one that fails down", () => {
    expect(config).toContain("server 127.0.0.1:4001 max_fails=1 fail_timeout=5s;");
    expect(config).toContain("server 127.0.0.1:4002 max_fails=1 fail_timeout=5s;");
    expect(config).toContain("proxy_next_upstream error timeout http_502 http_503;");
    expect(config).toContain("listen 127.0.0.1:8080;");
  });

  it("forwards the host with its port: the cross-site check compares the whole origin", () => {
    expect(config).toContain("proxy_set_header X-Forwarded-Host $http_host;");
    expect(config).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(config).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
  });

  it("keeps every file of its own in its folder", () => {
    for (const line of config.split("\n").filter((l) => /_path |^pid |^error_log /.test(l.trim())))
      expect(line, line).toContain("/tmp/x/");
  });
});
