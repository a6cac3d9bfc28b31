// autocannon ships no types (and @types/autocannon is not installed): the part the benches use.
declare module "autocannon" {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface RequestSpec extends Request {
    /** Called before each request with the connection's own context (one per connection). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    /** Seconds per request. */
    timeout?: number;
    /** Requests per second of each connection, at most. */
    connectionRate?: number;
    requests?: RequestSpec[];
  }

  interface Result {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    requests: { total: number; average: number; sent: number };
    latency: { average: number; p99: number };
  }

  /** The run, awaitable; stop() ends it early; every answer is a "response" event with its time in ms. */
  interface Instance extends PromiseLike<Result> {
    stop(): void;
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
  }

  function autocannon(options: Options): Instance;
  export = autocannon;
}
