import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** web/, whatever directory the tests are started from. */
export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type TestServer = {
  /** e.g. http://127.0.0.1:43117 */
  url: string;
  dataDir: string;
  /** Everything the server printed so far, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
};

/** A fresh data directory for `startServer({ dataDir })`; remove it with `removeDataDir`. */
export function makeDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'litstack-e2e-data-'));
}

export function removeDataDir(dataDir: string): Promise<void> {
  return rm(dataDir, { recursive: true, force: true });
}

const READY = /Litstack is serving at (http:\/\/127\.0\.0\.1:\d+)/;

/**
 * Starts the real binary (LITSTACK_BIN, default ../target/debug/litstack from web/) on a free
 * port with a fresh data directory and (unless `sampleData`) no sample bookings, and resolves once it prints its URL.
 * A debug binary serves web/dist from disk, so run `npm run build` first.
 */
export async function startServer({
  timeoutMs = 30_000,
  sampleData = false,
  args = [],
  clockStart,
  dataDir: keptDataDir,
}: {
  timeoutMs?: number;
  /** Seed the sample demo bookings, as a first launch without --no-sample-data does. */
  sampleData?: boolean;
  /** Extra `litstack serve` flags, e.g. `--no-third-party-logos`. */
  args?: string[];
  /** The server's clock reads this RFC 3339 instant at start (LITSTACK_CLOCK_START). */
  clockStart?: string;
  /** Serve this data directory (a restart on the same data): the caller made it and removes it. */
  dataDir?: string;
} = {}): Promise<TestServer> {
  const binary = path.resolve(webDir, process.env.LITSTACK_BIN ?? '../target/debug/litstack');
  const dataDir = keptDataDir ?? (await makeDataDir());
  const serveArgs = ['serve', '--addr', '127.0.0.1:0', '--data-dir', dataDir, ...(sampleData ? [] : ['--no-sample-data']), ...args];
  const child = spawn(binary, serveArgs, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      RUST_LOG: process.env.RUST_LOG ?? 'warn',
      ...(clockStart === undefined ? {} : { LITSTACK_CLOCK_START: clockStart }),
    },
  });

  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`litstack did not start within ${timeoutMs} ms:\n${log}`)), timeoutMs);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      log += `${line}\n`;
      const match = READY.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${binary}: ${error.message}`));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`litstack exited with ${code} before serving:\n${log}`));
    });
  });

  return {
    url,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(killer);
      }
      if (keptDataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
