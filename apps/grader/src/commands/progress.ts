// A batch's progress, on stderr only: a bar on a terminal (done/total, submissions below full marks so
// far, an estimate of the time left), else a plain line per finished submission.
import cliProgress from 'cli-progress';
import type { Report } from '../0-results/report.ts';
import { scoreOutOf } from '../6-reports/words.ts';

export interface Progress {
  /** One submission finished: its report, or none when the grader failed on it; `reused` when stored earlier. */
  done(name: string, report: Report | undefined, reused: boolean): void;
  /** A line for stderr that must not tear the bar. */
  log(text: string): void;
  stop(): void;
}

const points = (report: Report) => scoreOutOf(report.score, report.maxScore);

/** Seconds as `1h05m`, `3m20s` or `42s`. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.round((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

export function startProgress(
  total: number,
  stderr: (text: string) => void,
  terminal: NodeJS.WriteStream | undefined,
  now: () => number = Date.now,
): Progress {
  let finished = 0;
  let graded = 0;
  let below = 0;
  if (terminal === undefined) {
    return {
      done(name, report) {
        finished++;
        stderr(`[${finished}/${total}] ${name} ${report === undefined ? 'not graded' : points(report)}\n`);
      },
      log: stderr,
      stop() {},
    };
  }
  const start = now();
  const bars = new cliProgress.MultiBar({
    stream: terminal,
    format: 'grading [{bar}] {value}/{total} | {below} below full marks | {left} left',
    barsize: 30,
    hideCursor: false,
    clearOnComplete: false,
    fps: 5,
  });
  const bar = bars.create(total, 0, { below: 0, left: 'unknown time' });
  return {
    done(_name, report, reused) {
      finished++;
      if (!reused) graded++;
      if (report === undefined || report.score < report.maxScore) below++;
      // From the submissions graded in this run (stored ones cost nothing), at this run's pace.
      const perSubmission = graded === 0 ? undefined : (now() - start) / 1000 / graded;
      const left =
        perSubmission === undefined ? 'unknown time' : formatSeconds(perSubmission * (total - finished));
      bar.update(finished, { below, left });
    },
    log(text) {
      bars.log(text);
    },
    stop() {
      bars.stop();
    },
  };
}
