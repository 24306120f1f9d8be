// The layers around every student process, outermost first:
//   prlimit   CPU seconds, file size, open files, processes (per uid);
//   setpriv   an unprivileged uid of its own, no groups (as root only);
//   bwrap     a mount namespace with only the system, the stage and the harness, read-only, a fresh
//             /tmp, and no network, IPC or PID sharing (bubblewrap, when it can run here);
//   node      the permission model: reads only the stage and the harness, no writes, no child
//             processes, no workers. A native program (a compiled C++ submission) has no such layer:
//             the ones above must hold alone, with an address-space limit added to prlimit's.
// A layer that cannot run here is named once, loudly, and grading goes on without it.
import { spawnSync } from 'node:child_process';
import { createHash, randomInt } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import type { Limits } from '../../kit/assignment.ts';
import { CACHE_ROOT, hashSources } from '../../plumbing/bundle.ts';
import { readKept, writeKept } from '../../plumbing/kept.ts';
import type { NativeChance } from '../native/chance.ts';

/** The stack of an isolate host's threads: about half as deep as Node's main thread lets JavaScript go. */
const ISOLATE_STACK_BYTES = 640 * 1024;
/**
 * The host's V8 flags. Its own stack limit, in KiB: below ISOLATE_STACK_BYTES, so that no recursion
 * overruns it. And no background threads (garbage collection, optimizing compiles on other cores): a
 * host's runs go one after another on its one thread, and --jobs hosts already keep every core busy,
 * so helper threads only contend with the other submissions' hosts (a class at --jobs 2: about a
 * tenth less processor time in all, measured).
 */
export const ISOLATE_HOST_FLAGS = ['--stack-size=500', '--single-threaded'];

/** The permission model's flag: Node 24 knows only --permission, Node 20 only the experimental one. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

/**
 * This Node's own folder, read-only: one outside /usr (nvm's, in the home folder, or under /tmp) must be
 * there for the probe as for every run, and after the private /tmp, which would hide it.
 */
const NODE_MOUNT = ['--ro-bind-try', dirname(process.execPath), dirname(process.execPath)];

/** Where a native run finds the chance library it preloads. */
const NATIVE_CHANCE_PATH = '/pitboss/chance.so';

/** The system a student process sees: /usr read-only, with the usual links into it. */
const SYSTEM_MOUNTS = [
  '--ro-bind',
  '/usr',
  '/usr',
  '--symlink',
  'usr/lib',
  '/lib',
  '--symlink',
  'usr/lib64',
  '/lib64',
  '--symlink',
  'usr/bin',
  '/bin',
];

export type Layer = 'prlimit' | 'setpriv' | 'bwrap' | 'node-permission';

export interface SandboxSupport {
  layers: Set<Layer>;
  /** What is not enforced here, in a sentence per layer. */
  missing: string[];
}

const runs = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 });
  return result.error === undefined && result.status === 0;
};

/** What a command that fails says first on stderr, in one short line (bubblewrap's refusal). */
const firstErrorLine = (command: string, args: string[]): string => {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
  const said = result.stderr?.toString('utf8') ?? '';
  return (said.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 200);
};

const isRoot = () => process.getuid?.() === 0;

let support: SandboxSupport | undefined;

/** Layers to treat as missing (PITBOSS_DISABLE_LAYERS=bwrap,setpriv): how a machine without them grades. */
const disabled = new Set((process.env.PITBOSS_DISABLE_LAYERS ?? '').split(',').filter(Boolean));

/**
 * What this machine enforces, probed once per boot: the probes start five processes (half a second of
 * every check), and their answer changes only with the machine: its boot, the tools' files, Node, the
 * user, the kernel's namespace settings (all in the key). A layer kept as working that has stopped
 * since cannot start its runs: the machinery's failure, never a grade.
 */
export function sandboxSupport(): SandboxSupport {
  if (support !== undefined) return support;
  const kept = join(CACHE_ROOT, 'sandbox-support', `${machineKey()}.json`);
  const known = readKept(kept, isKeptSupport);
  if (known !== undefined) {
    support = { layers: new Set(known.layers), missing: known.missing };
    return support;
  }
  support = probeSupport();
  writeKept(kept, { layers: [...support.layers], missing: support.missing });
  return support;
}

/** Where `command` is on the PATH, with what can tell one install from another. */
function installed(command: string): string {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (folder === '') continue;
    try {
      const found = statSync(join(folder, command));
      if (found.isFile()) return `${join(folder, command)}:${found.ino}:${found.size}:${found.mtimeMs}`;
    } catch {
      // Not in this folder.
    }
  }
  return 'none';
}

const readOrNone = (path: string) => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return 'none';
  }
};

/** Everything the probes' answer depends on. */
function machineKey(): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        hashSources(), // the probes themselves
        readOrNone('/proc/sys/kernel/random/boot_id'),
        readOrNone('/proc/sys/user/max_user_namespaces'),
        readOrNone('/proc/sys/kernel/unprivileged_userns_clone'),
        process.getuid?.() ?? -1,
        process.execPath,
        process.version,
        [...disabled].sort(),
        ['prlimit', 'setpriv', 'bwrap'].map(installed),
      ]),
    )
    .digest('hex');
}

const LAYERS: readonly Layer[] = ['prlimit', 'setpriv', 'bwrap', 'node-permission'];

const isKeptSupport = (value: unknown): value is { layers: Layer[]; missing: string[] } => {
  const kept = value as { layers?: unknown; missing?: unknown } | null;
  return (
    Array.isArray(kept?.layers) &&
    Array.isArray(kept.missing) &&
    kept.layers.every((layer) => LAYERS.includes(layer as Layer)) &&
    kept.missing.every((line) => typeof line === 'string')
  );
};

function probeSupport(): SandboxSupport {
  const layers = new Set<Layer>();
  const missing: string[] = [];
  const works = (layer: Layer, command: string, args: string[]) =>
    !disabled.has(layer) && runs(command, args);
  if (works('prlimit', 'prlimit', ['--cpu=5', '--', 'true'])) layers.add('prlimit');
  else missing.push('prlimit (util-linux) is missing: no CPU-time, file-size or process-count limits');
  if (isRoot()) {
    if (works('setpriv', 'setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', 'true']))
      layers.add('setpriv');
    else missing.push('setpriv (util-linux) is missing: student code runs as root');
  }
  const bwrapProbe = [
    ...SYSTEM_MOUNTS,
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    // As every sandbox has them (a bubblewrap too old for these is no sandbox here).
    '--size',
    '1048576',
    '--tmpfs',
    '/tmp',
    ...NODE_MOUNT,
    '--remount-ro',
    '/',
    '--unshare-all',
    '--die-with-parent',
    '--',
    process.execPath,
    '-e',
    '0',
  ];
  const asSandboxUser = layers.has('setpriv')
    ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--', 'bwrap']
    : ['bwrap'];
  if (works('bwrap', asSandboxUser[0]!, [...asSandboxUser.slice(1), ...bwrapProbe])) layers.add('bwrap');
  else {
    const consequence = 'student code can read files outside its submission and open network connections';
    // Installed but refused (no user namespaces, /proc not mountable in a container): say what failed.
    const installed = !disabled.has('bwrap') && runs('bwrap', ['--version']);
    const refusal = installed
      ? firstErrorLine(asSandboxUser[0]!, [...asSandboxUser.slice(1), ...bwrapProbe])
      : '';
    missing.push(
      installed
        ? `bubblewrap is installed but cannot make a sandbox here (it said: ${refusal || 'nothing'}): ${consequence}`
        : `bubblewrap cannot run here (install the Debian package bubblewrap): ${consequence}`,
    );
  }
  if (
    works('node-permission', process.execPath, [
      PERMISSION_FLAG,
      '--allow-fs-read=*',
      '--no-warnings',
      '-e',
      '0',
    ])
  ) {
    layers.add('node-permission');
  } else {
    missing.push("Node's permission model is unavailable: student code can write files and start processes");
  }
  return { layers, missing };
}

export interface SandboxRequest {
  /** Node flags and the script with its arguments. */
  node?: readonly string[] | undefined;
  /** Or a native program and its arguments (a compiled submission, the compiler), run as it is. */
  native?: readonly string[] | undefined;
  /** Folders it may write (a compiler's output folder); none by default. */
  writable?: readonly string[] | undefined;
  /**
   * Folders it reads at another path (bubblewrap only: callers check the layer): the same path in every
   * run whatever folder is behind it, so the path cannot tell one run's variant from another's.
   */
  mounts?: readonly { source: string; target: string }[] | undefined;
  /** Its address space, in MiB (native programs: Node reserves more than it uses, so never for node). */
  addressSpaceMb?: number | undefined;
  /**
   * A folder of its own it may write, of bounded size (bubblewrap only: callers check the layer): a
   * fresh tmpfs at `path`, gone when it ends, where a build's files go instead of the grader's disk.
   */
  scratch?: { path: string; bytes: number } | undefined;
  /** The most processes (threads) its uid may have at once: 256 unless given (a build's, fewer). */
  processes?: number | undefined;
  /** The largest file it may write, in bytes: the limits' outputBytes unless given. */
  fileSizeBytes?: number | undefined;
  /** Folders and files the student process may read (the stage, the harness). */
  readable: readonly string[];
  limits: Limits;
  /** CPU seconds for the whole process (a long-lived harness runs many tests). */
  cpuSeconds: number;
  /**
   * Node may load native addons (the isolate host's isolated-vm): the permission model still denies
   * writes and child processes to the host's own code; student code runs inside isolates, with no Node.
   */
  addons?: boolean | undefined;
  /** The folder the process starts in (default: the first readable path). */
  chdir?: string | undefined;
  /**
   * A native run of student code (bubblewrap only): its chance and clocks seeded by this preloaded
   * library, /dev/urandom and /dev/random these bytes, and no address-space randomisation.
   */
  chance?: NativeChance | undefined;
}

/** The command that runs `node ...` (or a native program) inside every layer this machine supports. */
export function sandboxCommand(request: SandboxRequest): { command: string; args: string[] } {
  const { layers } = sandboxSupport();
  const readable = [...new Set(request.readable)];
  const writable = [...new Set(request.writable ?? [])];
  const node: string[] = [];
  if (request.native === undefined && layers.has('node-permission')) {
    // One flag per path: Node 20.20 no longer splits a comma-separated list.
    node.push(
      PERMISSION_FLAG,
      '--no-warnings',
      ...(request.addons === true ? ['--allow-addons'] : []),
      ...readable.map((path) => `--allow-fs-read=${path}`),
    );
  }
  const seeded = request.native !== undefined && request.chance !== undefined && layers.has('bwrap');
  // Without bubblewrap (the student tool's policy: a warning, and the student's own code runs) the
  // chance library is preloaded from where it is: a whole program's preload is what says it started.
  const preloaded = request.native !== undefined && request.chance !== undefined && !layers.has('bwrap');
  const argv: string[] =
    request.native === undefined
      ? [process.execPath, ...node, ...(request.node ?? [])]
      : [
          ...(seeded ? ['setarch', '-R'] : []),
          ...(preloaded ? ['env', `LD_PRELOAD=${request.chance!.library}`] : []),
          ...request.native,
        ];
  if (layers.has('bwrap')) {
    const bind = [
      ...readable.flatMap((path) => ['--ro-bind', path, path]),
      ...writable.flatMap((path) => ['--bind', path, path]),
      ...(request.mounts ?? []).flatMap(({ source, target }) => ['--ro-bind', source, target]),
      ...(request.scratch === undefined
        ? []
        : ['--size', String(request.scratch.bytes), '--tmpfs', request.scratch.path]),
      ...(seeded
        ? [
            '--ro-bind',
            request.chance!.library,
            NATIVE_CHANCE_PATH,
            '--ro-bind',
            request.chance!.entropy,
            '/dev/urandom',
            '--ro-bind',
            request.chance!.entropy,
            '/dev/random',
            '--setenv',
            'LD_PRELOAD',
            NATIVE_CHANCE_PATH,
          ]
        : []),
    ];
    // The system read-only, a private /tmp, then the stage and the harness over it; nothing else.
    argv.unshift(
      'bwrap',
      ...SYSTEM_MOUNTS,
      '--ro-bind-try',
      '/etc/ssl',
      '/etc/ssl',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      // A private /tmp no larger than the largest file it may write: a native program (no permission
      // model) can fill it, never the machine's memory. The root itself is read-only (below).
      '--size',
      String(request.fileSizeBytes ?? request.limits.outputBytes),
      '--tmpfs',
      '/tmp',
      ...NODE_MOUNT,
      ...bind,
      '--remount-ro',
      '/',
      '--chdir',
      request.chdir ?? readable[0] ?? '/tmp',
      '--unshare-all',
      '--die-with-parent',
      '--new-session',
      '--cap-drop',
      'ALL',
      '--',
    );
  }
  if (layers.has('setpriv')) {
    // A uid of its own per process: process-count limits are per uid, and no two sandboxes share one.
    const uid = String(randomInt(61_000, 65_000));
    argv.unshift('setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--');
  }
  if (layers.has('prlimit')) {
    // Soft below hard: SIGXCPU first (read as a time limit), SIGKILL two seconds later.
    argv.unshift(
      'prlimit',
      `--cpu=${request.cpuSeconds}:${request.cpuSeconds + 2}`,
      '--nofile=256',
      // A smaller count holds only with a uid of the sandbox's own (setpriv): the grader's is shared.
      `--nproc=${layers.has('setpriv') ? (request.processes ?? 256) : 256}`,
      `--fsize=${request.fileSizeBytes ?? request.limits.outputBytes}`,
      ...(request.addressSpaceMb === undefined ? [] : [`--as=${request.addressSpaceMb * 1024 * 1024}`]),
      // The isolate host's threads take their stack size from this limit, and isolated-vm lets V8 use
      // the whole of it: at the 8 MiB default a runaway recursion goes eight times as deep as in Node,
      // and a fresh isolate takes several times as long a frame to fail. The host's main thread (the
      // linked runs) gets a V8 limit below it (ISOLATE_HOST_FLAGS).
      ...(request.addons === true ? [`--stack=${ISOLATE_STACK_BYTES}`] : []),
      '--',
    );
  }
  return { command: argv[0]!, args: argv.slice(1) };
}
