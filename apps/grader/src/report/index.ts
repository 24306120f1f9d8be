import { renderGradescope } from './gradescope.ts';
import { renderHtml } from './html.ts';
import { renderHuman } from './human.ts';
import { renderJunit } from './junit.ts';
import { boundReport, type Report } from './model.ts';

export const FORMATS = ['human', 'json', 'gradescope', 'junit', 'html'] as const;
export type Format = (typeof FORMATS)[number];

/** The file a format is written to under `--out`, per submission. */
export const EXTENSIONS: Record<Format, string> = {
  human: 'txt',
  json: 'json',
  gradescope: 'results.json',
  junit: 'xml',
  html: 'html',
};

export function render(report: Report, format: Format, color: boolean): string {
  switch (format) {
    case 'human':
      return renderHuman(report, { color });
    case 'json':
      return `${JSON.stringify(boundReport(report), null, 2)}\n`;
    case 'gradescope':
      return `${JSON.stringify(renderGradescope(report), null, 2)}\n`;
    case 'junit':
      return renderJunit(report);
    case 'html':
      return renderHtml(report);
  }
}
