import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

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

export async function removeDataDir(dataDir: string): Promise<void> {
  const database = databases.get(dataDir);
  databases.delete(dataDir);
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * With LITSTACK_E2E_BACKEND=postgres (inside scripts/with-postgres.sh, which names its throwaway
 * cluster in LITSTACK_TEST_DATABASE_URL), each server keeps its data in a database of its own in
 * that cluster, as a hub's node does; otherwise in its data directory's redb file.
 */
export const onPostgres = process.env.LITSTACK_E2E_BACKEND === 'postgres';

/** A fresh database in the test cluster: its URL, and a drop for when the server has stopped. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.LITSTACK_TEST_DATABASE_URL;
  if (!admin) throw new Error('LITSTACK_E2E_BACKEND=postgres runs inside scripts/with-postgres.sh (LITSTACK_TEST_DATABASE_URL is not set)');
  const name = `litstack_e2e_${randomBytes(6).toString('hex')}`;
  const psql = (sql: string) => promisify(execFile)('psql', [admin, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
  await psql(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => void (await psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

/** The database of each data directory a test keeps across restarts (`makeDataDir`). */
const databases = new Map<string, { url: string; drop: () => Promise<void> }>();

async function databaseFor(dataDir: string, kept: boolean): Promise<{ url: string; drop: () => Promise<void> }> {
  const known = databases.get(dataDir);
  if (known) return known;
  const database = await freshDatabase();
  if (kept) databases.set(dataDir, database);
  return database;
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
  // A restart on the same data directory keeps its database too (`databases`).
  const database = onPostgres ? await databaseFor(dataDir, keptDataDir !== undefined) : undefined;
  const serveArgs = [
    'serve',
    '--addr',
    '127.0.0.1:0',
    '--data-dir',
    dataDir,
    ...(database ? ['--database-url', database.url] : []),
    ...(sampleData ? [] : ['--no-sample-data']),
    ...args,
  ];
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
      if (keptDataDir === undefined) {
        await database?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
