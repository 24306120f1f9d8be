// The report formats, one registry (as vitest's reporters): each says what file `--out` writes per
// submission, whether several submissions fit one stdout, and how to render.
import { renderGradescope } from './gradescope.ts';
import { renderHtml } from './html.ts';
import { renderHuman } from './human.ts';
import { renderJunit } from './junit.ts';
import { boundReport, type Report } from './model.ts';

export interface ReportFormat {
  /** The file `--out` writes per submission: `<name>.<extension>`. */
  extension: string;
  /** One file per submission only (a page, Gradescope's results.json): several need `--out`. */
  onePerSubmission: boolean;
  render(report: Report, options: { color: boolean }): string;
  /** Several submissions on stdout, as one document (absent: each rendered in turn). */
  renderAll?: ((reports: readonly Report[], options: { color: boolean }) => string) | undefined;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const REPORT_FORMATS = {
  human: {
    extension: 'txt',
    onePerSubmission: false,
    render: (report, { color }) => renderHuman(report, { color }),
  },
  json: {
    extension: 'json',
    onePerSubmission: false,
    render: (report) => json(boundReport(report)),
    renderAll: (reports) => json(reports.length === 1 ? boundReport(reports[0]!) : reports.map(boundReport)),
  },
  gradescope: {
    extension: 'results.json',
    onePerSubmission: true,
    render: (report) => json(renderGradescope(report)),
  },
  junit: {
    extension: 'xml',
    onePerSubmission: false,
    render: (report) => renderJunit(report),
    renderAll: (reports) => renderJunit(reports),
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
export const render = (report: Report, format: Format, color: boolean): string =>
  REPORT_FORMATS[format].render(report, { color });

/** Several submissions' reports in `format`, as stdout shows them. */
export function renderAll(reports: readonly Report[], format: Format, color: boolean): string {
  const reporter: ReportFormat = REPORT_FORMATS[format];
  if (reporter.renderAll !== undefined) return reporter.renderAll(reports, { color });
  return reports.map((report) => reporter.render(report, { color })).join('');
}
