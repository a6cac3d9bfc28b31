/**
 * nginx in front of the portal's instances (issue #37): Debian's nginx as the load balancer, run
 * as a plain child process on a configuration written for it (no system service, no root files).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const NGINX_BINARY = "/usr/sbin/nginx";

export interface NginxSetting {
  /** Where the proxy listens (127.0.0.1). */
  port: number;
  /** The instances' ports, on 127.0.0.1. */
  upstreamPorts: readonly number[];
  /** A folder of the proxy's own: pid, error log, temporary bodies. */
  dir: string;
  /** The largest request body the proxy passes on, in MiB (the portal's upload limit decides below it). */
  maxBodyMiB?: number;
}

/**
 * The proxy's configuration. Round robin over the instances with passive health checks: an instance
 * that refuses a connection, times out or answers 502/503 (a draining instance says 503) is marked
 * down for `fail_timeout` and the request goes to the next one — a POST only when it was never sent
 * (nginx does not repeat a non-idempotent request that reached an instance). The instance's address
 * comes back in `X-Upstream`, so a test can see which one answered.
 */
export function nginxConfigOf(setting: NginxSetting): string {
  const { port, upstreamPorts, dir } = setting;
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n");
  return `# Written by scripts/cluster/nginx.ts (npm run cluster:local); regenerated at every start.
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size ${setting.maxBodyMiB ?? 25}m;
  upstream portal {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      proxy_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/**
 * The nginx binary: Debian's, installed with apt-get when missing and this process may (root), as
 * `.ci/run` does. Throws with what to do otherwise.
 */
export function ensureNginx(): string {
  if (existsSync(NGINX_BINARY)) return NGINX_BINARY;
  if (process.getuid?.() !== 0)
    throw new Error(`nginx is not installed (${NGINX_BINARY}): install it with "sudo apt-get install -y nginx"`);
  console.error("… installing nginx with apt-get");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "nginx"],
  ]) {
    const done = spawnSync("apt-get", args, { env, stdio: ["ignore", "ignore", "inherit"] });
    if (done.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (status ${done.status})`);
  }
  if (!existsSync(NGINX_BINARY)) throw new Error(`apt-get installed nginx, but ${NGINX_BINARY} is missing`);
  return NGINX_BINARY;
}
