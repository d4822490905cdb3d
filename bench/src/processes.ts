/** Child processes of the benchmark: the real server and the baseline, each on a free port, with RSS sampling. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  baseUrl: string;
  /** Resident memory of the process now, in MB (Linux /proc). */
  rssMb: () => number;
  stop: () => Promise<void>;
}

/** The compiled production server (`npm run build` writes it), relative to packages/server. */
export const SERVER_SCRIPT = 'dist/server.js';

/** The Node.js flags `npm start` runs the server with (packages/server/package.json `config.nodeFlags`). */
export const SERVER_NODE_FLAGS: string[] = (
  (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'packages/server/package.json'), 'utf8')) as { config?: { nodeFlags?: string } }).config?.nodeFlags ?? ''
).split(/\s+/).filter(Boolean);

/**
 * Spawns `node [nodeFlags] <script>` (a .ts script through `--import tsx`) with env and waits until `readyPath`
 * answers 200.
 * @throws Error with the child's output when it is not ready in 60 s.
 */
export async function startChild(script: string, cwd: string, env: NodeJS.ProcessEnv, readyPath: string, nodeFlags: string[] = []): Promise<Child> {
  const port = await freePort();
  const args = [...nodeFlags, ...(script.endsWith('.ts') ? ['--import', 'tsx', script] : [script])];
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${output}`);
    if (await fetch(`${baseUrl}${readyPath}`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${script} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    process: child,
    baseUrl,
    rssMb: () => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
