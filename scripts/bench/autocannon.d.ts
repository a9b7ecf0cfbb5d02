// The few parts of autocannon's API the server benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
    };
    type Result = {
      requests: { average: number; total: number };
      latency: { p50: number; p99: number; average: number };
      non2xx: number;
      errors: number;
      timeouts: number;
    };
  }
  /** The running instance: 'response' is emitted for every answer, with its time in ms. */
  type Instance = {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
  };
  function autocannon(
    options: autocannon.Options,
    done: (error: Error | null, result: autocannon.Result) => void,
  ): Instance;
  export default autocannon;
}
