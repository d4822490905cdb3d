/** The benchmark's view of its child processes (started by `@loreforge/server/testing`'s one helper). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningProcess } from '@loreforge/server/testing';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Resident memory of a running process now, in MB (Linux /proc); 0 once it is gone. */
export function rssMb(child: RunningProcess): number {
  return (child.residentKib() ?? 0) / 1024;
}
