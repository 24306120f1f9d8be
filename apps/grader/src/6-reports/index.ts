// The report formats, one registry (as vitest's reporters): each says what file `--out` writes per
// submission, whether several submissions fit one stdout, and how to render.

import { boundReport } from '../0-results/bounds.ts';
import type { Report } from '../0-results/report.ts';
import { renderGradescope } from './gradescope.ts';
import { renderHtml } from './html.ts';
import { renderHuman } from './human.ts';
import { renderJunit, writeJunit } from './junit.ts';
import type { ReplayFrom } from './replay.ts';

export interface RenderOptions {
  color: boolean;
  /**
   * Where the replay commands printed are to be run: stdout's are run from the working directory of
   * the run; a file or page (absent) from the submission's folder. Pages always say the latter.
   */
  from?: ReplayFrom | undefined;
}

export interface ReportFormat {
  /** The file `--out` writes per submission: `<name>.<extension>`. */
  extension: string;
  /** One file per submission only (a page, Gradescope's results.json): several need `--out`. */
  onePerSubmission: boolean;
  render(report: Report, options: RenderOptions): string;
  /**
   * Several submissions on stdout, as one document (absent: each rendered in turn), written a piece at
   * a time: `reports()` gives them (`count` of them) one at a time, so they need not be held at once.
   */
  writeAll?:
    | ((
        reports: () => Iterable<Report>,
        count: number,
        options: RenderOptions,
        write: (text: string) => void,
      ) => void)
    | undefined;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const REPORT_FORMATS = {
  human: {
    extension: 'txt',
    onePerSubmission: false,
    render: (report, { color, from }) => renderHuman(report, { color, from }),
  },
  json: {
    extension: 'json',
    onePerSubmission: false,
    render: (report) => json(boundReport(report)),
    writeAll: (reports, count, _options, write) => {
      if (count === 0) {
        write(json([]));
        return;
      }
      let first = true;
      for (const report of reports()) {
        // One report alone is the document; several are an array, as JSON.stringify(list, null, 2)
        // writes it: each element one level in, every line of it indented by two.
        if (count === 1) {
          write(json(boundReport(report)));
          return;
        }
        const element = JSON.stringify(boundReport(report), null, 2).replaceAll('\n', '\n  ');
        write(`${first ? '[\n  ' : ',\n  '}${element}`);
        first = false;
      }
      write('\n]\n');
    },
  },
  gradescope: {
    extension: 'results.json',
    onePerSubmission: true,
    render: (report) => json(renderGradescope(report)),
  },
  junit: {
    extension: 'xml',
    onePerSubmission: false,
    render: (report, { from }) => renderJunit(report, from),
    writeAll: (reports, _count, { from }, write) => writeJunit(reports, write, from),
  },
  html: {
    extension: 'html',
    onePerSubmission: true,
    render: (report) => renderHtml(report),
  },
} as const satisfies Record<string, ReportFormat>;

export type Format = keyof typeof REPORT_FORMATS;
export const FORMATS = Object.keys(REPORT_FORMATS) as Format[];

/** One submission's report in `format`. */
export const render = (report: Report, format: Format, color: boolean, from?: ReplayFrom): string =>
  REPORT_FORMATS[format].render(report, { color, from });

/** Several submissions' reports in `format`, as stdout shows them. */
export function renderAll(
  reports: readonly Report[],
  format: Format,
  color: boolean,
  from?: ReplayFrom,
): string {
  let text = '';
  writeAll(
    () => reports,
    reports.length,
    format,
    color,
    (piece) => {
      text += piece;
    },
    from,
  );
  return text;
}

/**
 * renderAll's text, written a piece at a time: `reports` (`count` of them) are read one at a time
 * (twice for JUnit, whose counts head the document), so a class's reports need not be held at once.
 */
export function writeAll(
  reports: () => Iterable<Report>,
  count: number,
  format: Format,
  color: boolean,
  write: (text: string) => void,
  from?: ReplayFrom,
): void {
  const reporter: ReportFormat = REPORT_FORMATS[format];
  if (reporter.writeAll !== undefined) reporter.writeAll(reports, count, { color, from }, write);
  else for (const report of reports()) write(reporter.render(report, { color, from }));
}
