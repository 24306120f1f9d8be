// What every HTML page pitboss writes shares: one self-contained file (inline style and script, no
// network: its Content-Security-Policy forbids every fetch), readable in light and dark, and in print.
import escapeHtml from 'escape-html';
import { shownControls } from './human.ts';

/**
 * Text for HTML: element content and quoted attribute values alike, control characters (a
 * right-to-left override among them) shown as escapes as the terminal report shows them.
 */
export const esc = (text: string | number): string => escapeHtml(shownControls(String(text)));

/** A number as people read a score: at most two decimals, no trailing zeros. */
export { points as num } from './words.ts';

export const percent = (score: number, max: number): number =>
  max === 0 ? 100 : Math.round((score / max) * 1000) / 10;

const STYLE = `
:root { color-scheme: light dark; --fg: #1d2125; --muted: #5c6670; --bg: #fff; --panel: #f5f6f8;
  --line: #d5d9de; --pass: #1a7f37; --fail: #c0262d; --warn: #9a6700; --hit: #1a7f37;
  --first: #fff1c2; --mark: #ffd0cf; --ws: #8c959f; --bar: #4b7bd6; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6e8eb; --muted: #9aa4ae; --bg: #16191d; --panel: #20242a; --line: #3a4048;
    --pass: #4ac26b; --fail: #ff6b6b; --warn: #e3b341; --hit: #4ac26b; --first: #4a3f12;
    --mark: #6e2a2a; --ws: #6e7781; --bar: #6d9bf1; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; font: 15px/1.45 system-ui, sans-serif;
  color: var(--fg); background: var(--bg); }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
h3 { font-size: 1rem; margin: 0 0 .4rem; }
code, pre, .mono { font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 13px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0; }
a { color: var(--bar); }
.meta { color: var(--muted); margin: 0; }
.score { font-size: 2rem; font-weight: 700; margin: .5rem 0; }
.muted { color: var(--muted); }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--panel); }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.status { display: inline-block; min-width: 3.8em; padding: 0 .35em; border-radius: 3px; font-weight: 700;
  font-size: 12px; text-align: center; border: 1px solid currentColor; }
.status.pass { color: var(--pass); }
.status.fail { color: var(--fail); }
.status.warn { color: var(--warn); }
.tag { font-size: 12px; color: var(--muted); border: 1px dashed var(--line); padding: 0 .3em; border-radius: 3px; }
.bar { display: inline-block; height: .7em; background: var(--panel); border: 1px solid var(--line);
  width: 8rem; vertical-align: middle; }
.bar > span { display: block; height: 100%; background: var(--bar); }
.card { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; margin: .75rem 0;
  background: var(--panel); }
.scroll { overflow-x: auto; }
@media print { .bar > span { print-color-adjust: exact; -webkit-print-color-adjust: exact; } }
`;

/** A whole page: `body` and `script` are HTML and JavaScript already made safe by the caller. */
export function page(title: string, body: string, options: { style?: string; script?: string } = {}): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="generator" content="pitboss">
<title>${esc(title)}</title>
<style>${STYLE}${options.style ?? ''}</style>
</head>
<body>
${body}${options.script === undefined ? '' : `\n<script>${options.script}</script>`}
</body>
</html>
`;
}
