// A watch's hosts for its next save (commands/watch.ts): started while the student edits, in a work
// folder of their own, so that a save's first runs find their hosts ready instead of waiting for a
// sandboxed Node to start (about a tenth of a second, on the path of every save that runs anything).
// Each save gets hosts no run has used: the save before's are closed with its grade, and these ran
// nothing yet. A save whose run is not the one they were started for (another folder, other limits,
// another --jobs) does not take them.
import { chmodSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Limits } from '../../kit/assignment.ts';
import { openWorkRoot, type WorkRoot } from '../../plumbing/infrastructure.ts';
import { sandboxSupport } from '../process/layers.ts';
import { eachRunAProcess, makeHost, realFolder, type Worker } from './client.ts';

/** What a grade takes: the work root and the submission's work folder the hosts run in, and the hosts. */
export interface TakenHosts {
  folder: string;
  work: WorkRoot;
  workDir: string;
  hosts: Promise<Worker[]>;
}

export class SpareHosts {
  readonly #folder: string;
  readonly #limits: string;
  readonly #size: number;
  readonly #work: WorkRoot;
  readonly #workDir: string;
  readonly #hosts: Promise<Worker[]>;
  #taken = false;
  #closed = false;

  constructor(folder: string, limits: Limits, size: number) {
    this.#folder = realFolder(folder);
    this.#limits = JSON.stringify(limits);
    this.#size = size;
    this.#work = openWorkRoot({ otherUser: sandboxSupport().layers.has('setpriv') });
    // The sandbox's own uid passes through both to the stages (as gradeIn makes them, grade.ts).
    chmodSync(this.#work.path, 0o711);
    this.#workDir = mkdtempSync(join(this.#work.path, 'submission-'));
    chmodSync(this.#workDir, 0o711);
    this.#hosts = Promise.all(
      Array.from({ length: size }, () =>
        makeHost(this.#workDir, this.#work.path, limits).then((worker) => {
          // Closed while its files were laid out: never started.
          if (!this.#closed) worker.start();
          return worker;
        }),
      ),
    );
    // A host that could not be made is the next run's to tell (it makes its own): never this one's.
    this.#hosts.catch(() => {});
  }

  /** Hosts started now for the next grade of `folder`; none where each run is a process of its own. */
  static start(folder: string, limits: Limits, size: number): SpareHosts | undefined {
    if (eachRunAProcess()) return undefined;
    return new SpareHosts(folder, limits, Math.max(1, size));
  }

  /** The hosts, for a grade of `folder` under `limits` with `size` hosts; once, and only for that grade. */
  take(folder: string, limits: Limits, size: number): TakenHosts | undefined {
    if (this.#taken || this.#closed) return undefined;
    if (realFolder(folder) !== this.#folder || JSON.stringify(limits) !== this.#limits) return undefined;
    if (Math.max(1, size) !== this.#size) return undefined;
    this.#taken = true;
    const hosts = this.#hosts.catch(() => [] as Worker[]);
    return { folder: this.#folder, work: this.#work, workDir: this.#workDir, hosts };
  }

  /**
   * Ends the hosts and removes their folder, unless a grade took them (its end does that): once their
   * files are laid out, so that nothing is written into the folder after it is gone.
   */
  close(): Promise<void> {
    if (this.#taken || this.#closed) return Promise.resolve();
    this.#closed = true;
    return this.#hosts
      .then(
        (hosts) => {
          for (const host of hosts) host.close();
        },
        () => {},
      )
      .finally(() => this.#work.remove());
  }
}
