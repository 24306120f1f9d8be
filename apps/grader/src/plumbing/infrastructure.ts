// The grading machinery's own ground: where a run's working files live, who may see them, and their
// removal however the run ends. A failure here is never a student's: it is an infrastructure error
// (exit 3), and nothing is scored.
//
// A run's work root is `<tmp>/pitboss-<pid>-<random>`, mode 0711: every sandbox user can pass
// through it, nobody else can list it. Everything the run writes lies one level further down, in a
// folder with an unguessable name (also 0711), so no other local user can reach the staged files or
// the private mutants, even knowing the work root's name (which the parent folder shows).
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PitbossError } from './errors.ts';

/** Where a work root may go, in order: TMPDIR (as Node reads it), then the usual shared folders. */
export const FALLBACK_PARENTS = ['/tmp', '/var/tmp', '/dev/shm'];

/** A work root's name: the owning process's id, so a later run can tell when it is stale. */
const ROOT_NAME = /^pitboss-(\d+)-[0-9a-f]{16}$/;

export interface WorkRoot {
  /** The folder to hand to grading (`workRoot`): unguessable, reachable only through `root`. */
  path: string;
  /** `<tmp>/pitboss-<pid>-<random>`, removed by `remove`. */
  root: string;
  /** Removes everything; safe to call twice. */
  remove(): void;
}

/**
 * Why the sandbox user cannot reach into `dir`, or undefined when it can. As another uid (root
 * grading through setpriv) every folder from / down must be searchable by others; as the same uid,
 * searchable and writable by us.
 */
export function unreachableBecause(dir: string, otherUser: boolean): string | undefined {
  let real: string;
  try {
    real = realpathSync(dir);
    if (!lstatSync(real).isDirectory()) return `${dir} is not a folder`;
    accessSync(real, constants.W_OK | constants.X_OK);
  } catch (error) {
    return `${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
  }
  if (!otherUser) return undefined;
  for (let at = real; ; at = dirname(at)) {
    // The sandbox's uid is nobody's: only the "others" bits apply to it.
    if ((lstatSync(at).mode & 0o001) === 0) return `${at} is not searchable by other users`;
    if (at === dirname(at)) return undefined;
  }
}

/** The candidates for a work root's parent, without repeats, TMPDIR first. */
export function parentCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  const first = env.TMPDIR !== undefined && env.TMPDIR !== '' ? [env.TMPDIR] : [tmpdir()];
  return [...new Set([...first, ...FALLBACK_PARENTS])];
}

/** The first candidate the sandbox user can reach into; an infrastructure error naming why each failed. */
export function chooseParent(candidates: readonly string[], otherUser: boolean): string {
  const reasons: string[] = [];
  for (const candidate of candidates) {
    const reason = unreachableBecause(candidate, otherUser);
    if (reason === undefined) return realpathSync(candidate);
    reasons.push(reason);
  }
  throw new PitbossError(
    'INFRASTRUCTURE',
    `no temporary folder the sandbox can enter (${reasons.join('; ')}): set TMPDIR to a folder every user can search`,
  );
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes work roots of ours, in `parents`, whose process is gone (killed with SIGKILL, say). */
export function removeStaleRoots(parents: readonly string[]): string[] {
  const removed: string[] = [];
  const uid = process.getuid?.();
  for (const parent of parents) {
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = ROOT_NAME.exec(name)?.[1];
      if (pid === undefined || Number(pid) === process.pid || isAlive(Number(pid))) continue;
      const path = join(parent, name);
      try {
        const stat = lstatSync(path);
        if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
        rmSync(path, { recursive: true, force: true });
        removed.push(path);
      } catch {
        // Gone meanwhile, or not ours to remove.
      }
    }
  }
  return removed;
}

/** A folder only its owner can list, that everyone can pass through. */
function makePrivate(path: string): void {
  mkdirSync(path, { mode: 0o711 });
  // The umask may have taken bits away.
  chmodSync(path, 0o711);
}

/** Kills the process groups of this process's children (students' processes each lead their own). */
export function killChildren(): void {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== process.pid) continue;
      // A child leading its own group (a student's process) goes with its group; any other alone,
      // never the group it shares with us (and with whoever started us).
      const pid = Number(entry);
      process.kill(Number(pgrp) === pid ? -pid : pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
}

const SIGNAL_STATUS = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * A fresh work root, after removing stale ones. Removed on `remove()`, on exit, and on SIGINT or
 * SIGTERM (the process then exits 130 or 143, its students' processes killed first).
 */
export function openWorkRoot(
  options: { otherUser: boolean; env?: NodeJS.ProcessEnv } = { otherUser: false },
): WorkRoot {
  const candidates = parentCandidates(options.env);
  removeStaleRoots(candidates.flatMap((candidate) => tryReal(candidate)));
  const parent = chooseParent(candidates, options.otherUser);
  const root = join(parent, `pitboss-${process.pid}-${randomBytes(8).toString('hex')}`);
  makePrivate(root);
  const path = join(root, randomBytes(16).toString('hex'));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    process.off('exit', remove);
    for (const [signal, handler] of handlers) process.off(signal, handler);
    rmSync(root, { recursive: true, force: true });
  };
  const handlers = (Object.keys(SIGNAL_STATUS) as (keyof typeof SIGNAL_STATUS)[]).map(
    (signal) =>
      [
        signal,
        () => {
          killChildren();
          remove();
          process.exit(SIGNAL_STATUS[signal]);
        },
      ] as const,
  );
  process.on('exit', remove);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  try {
    makePrivate(path);
  } catch (error) {
    remove();
    throw error;
  }
  return { path, root, remove };
}

function tryReal(path: string): string[] {
  try {
    return [realpathSync(path)];
  } catch {
    return [];
  }
}
