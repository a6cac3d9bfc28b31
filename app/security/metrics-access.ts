import { timingSafeEqual } from "node:crypto";

/** Who may read /metrics: a bearer of METRICS_TOKEN, or a caller from METRICS_ALLOWED_ADDRESSES. */
export interface MetricsAccessConfig {
  METRICS_TOKEN?: string;
  METRICS_ALLOWED_ADDRESSES: readonly string[];
}

/** The caller as the server sees it: its Authorization header and its address (a trusted proxy's client). */
export interface MetricsCaller {
  authorization: string | undefined;
  address: string | undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An IPv4 address in IPv6 form (::ffff:10.0.0.5) is the same caller as 10.0.0.5. */
const plainAddress = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");

/**
 * Whether a caller may read the metrics (issue #32 §4). Never by default: with neither a token nor
 * an address configured nobody may; a wrong or missing token from another address is refused.
 */
export function metricsAccessOf(caller: MetricsCaller, config: MetricsAccessConfig): "allowed" | "refused" {
  const bearer = /^Bearer (\S+)$/i.exec(caller.authorization ?? "")?.[1];
  if (config.METRICS_TOKEN && bearer && sameSecret(bearer, config.METRICS_TOKEN)) return "allowed";
  const address = caller.address && plainAddress(caller.address);
  if (address && config.METRICS_ALLOWED_ADDRESSES.map(plainAddress).includes(address)) return "allowed";
  return "refused";
}
