// The reports in a real browser: Debian's Chromium (never a downloaded one) driven by playwright-core
// loads the class report and a submission's report from a real `pitboss grade --out`, finds no
// console or page errors, sorts the class table, follows a link, and saves screenshots that must not
// be blank (apps/grader/test/.screenshots/).
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECT, pitboss, REPO_ROOT, scratch } from '../support.ts';

const CHROMIUM = process.env.PITBOSS_CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = join(REPO_ROOT, 'apps/grader/test/.screenshots');
const CLASS = join(REPO_ROOT, 'fixtures/submissions/classic');
const NAMES = ['correct-tested', 'wrong-shuffle-from-new-deck', 'correct-indexed', 'wrong-natural-rounds-up'];
const HOSTILE = '<img src=x onerror=alert(1)>';
// Flags that work on a machine with a closed network (no background fetches, no QUIC, no GPU).
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A screenshot that shows something: many colours, and much of it unlike the background. */
function assertNotBlank(file: string): void {
  const png = PNG.sync.read(readFileSync(file));
  const counts = new Map<number, number>();
  for (let i = 0; i < png.data.length; i += 4) {
    const colour = png.data.readUInt32BE(i);
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  const pixels = png.width * png.height;
  const background = Math.max(...counts.values());
  expect(png.width).toBeGreaterThan(500);
  expect(counts.size, `${file}: distinct colours`).toBeGreaterThan(32);
  expect((pixels - background) / pixels, `${file}: share of pixels that are not background`).toBeGreaterThan(
    0.03,
  );
}

/** Every console error, page error and dialog a page raises. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) problems.push(`request: ${request.url()}`);
  });
  return problems;
}

describe('the reports in Chromium', () => {
  const out = scratch();
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `the browser test needs Debian's Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` as root (\`pnpm install\` does where it may), or set PITBOSS_CHROMIUM to a Chromium binary`,
      );
    }
    // A submission whose folder name and output are hostile HTML, beside real fixtures.
    const hostile = join(scratch(), HOSTILE);
    cpSync(CORRECT, hostile, { recursive: true });
    const driver = join(hostile, 'blackjack.ts');
    writeFileSync(
      driver,
      readFileSync(driver, 'utf8').replace(
        "say('Shuffling the deck');",
        "say('<script>alert(2)</script>\\tShuffling');",
      ),
    );
    const run = pitboss([
      'grade',
      ...NAMES.map((name) => join(CLASS, name)),
      hostile,
      '--only',
      'deck.new-order',
      'deck.model',
      'transcript.course.own:100_3_simple',
      'mutant.public',
      '--out',
      out,
    ]);
    expect(run.status, run.stderr).toBe(1);
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the class report loads cleanly and its table sorts by the column clicked', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems = watch(page);
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    // A cell's text without the flags beside it (a name cell may say GAME RIGHT, FORMAT NOT).
    const column = (index: number) =>
      page.$$eval(`#submissions tbody tr td:nth-child(${index})`, (cells) =>
        cells.map((cell) => {
          const copy = cell.cloneNode(true) as typeof cell;
          for (const flag of copy.querySelectorAll('.status')) flag.remove();
          return copy.textContent?.trim() ?? '';
        }),
      );
    // A header's accessible name gains its sort arrow (▲ ▼); its text stays the column's name.
    const header = (name: string) => page.locator(`#submissions thead button:text-is("${name}")`);
    expect(await column(1)).toEqual([...NAMES, HOSTILE]);
    // The hostile driver prints its own words around the shuffle, no game event: its game is right,
    // its format is not, and its row says so.
    const flags = await page.$$eval('#submissions tbody tr td:nth-child(1) .status', (cells) =>
      cells.map((cell) => cell.textContent?.trim() ?? ''),
    );
    expect(flags).toEqual(['GAME RIGHT, FORMAT NOT']);
    // Each row says its language: every one here is TypeScript.
    expect(await column(2)).toEqual([...NAMES, HOSTILE].map(() => 'TS'));
    const before = (await column(3)).map(Number);

    await header('score').click();
    const ascending = (await column(3)).map(Number);
    expect(ascending).toEqual([...before].sort((a, b) => a - b));
    expect(ascending).not.toEqual(before);
    expect(await page.getAttribute('#submissions th:nth-child(3)', 'aria-sort')).toBe('ascending');

    await header('score').click();
    expect((await column(3)).map(Number)).toEqual([...before].sort((a, b) => b - a));
    expect(await page.getAttribute('#submissions th:nth-child(3)', 'aria-sort')).toBe('descending');

    await header('submission').click();
    expect(await column(1)).toEqual([...NAMES, HOSTILE].sort((a, b) => a.localeCompare(b)));

    // The whole header cell sorts, not only its words: a click in its corner, off the text, sorts too.
    const cell = page.locator('#submissions thead th:nth-child(3)');
    const [box, text] = await Promise.all([
      cell.boundingBox(),
      cell.locator('button').evaluate((button) => {
        const range = button.ownerDocument.createRange();
        range.selectNodeContents(button);
        const { left, right, top, bottom } = range.getBoundingClientRect();
        return { left, right, top, bottom };
      }),
    ]);
    const corner = { x: 2, y: box!.height - 2 };
    const [x, y] = [box!.x + corner.x, box!.y + corner.y];
    expect(x < text.left || x > text.right || y < text.top || y > text.bottom).toBe(true);
    await cell.click({ position: corner });
    expect((await column(3)).map(Number)).toEqual([...before].sort((a, b) => a - b));
    expect(await page.getAttribute('#submissions th:nth-child(3)', 'aria-sort')).toBe('ascending');
    // And by keyboard: the header's button takes the focus, Enter sorts again, the other way.
    await header('score').focus();
    await page.keyboard.press('Enter');
    expect((await column(3)).map(Number)).toEqual([...before].sort((a, b) => b - a));

    await header('score').click();
    await page.screenshot({ path: join(SHOTS, 'class-report.png'), fullPage: true });
    assertNotBlank(join(SHOTS, 'class-report.png'));
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a submission's report opens from its link, marks the first difference, and shows the matrix", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems = watch(page);
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    // From the submissions table (the tests the class fails most link the same pages).
    await page.locator('#submissions').getByRole('link', { name: 'wrong-shuffle-from-new-deck' }).click();
    await page.waitForURL(/wrong-shuffle-from-new-deck\.html$/);
    expect(await page.title()).toMatch(/: wrong-shuffle-from-new-deck$/);
    const first = page.locator('tr.first').first();
    await expect.poll(() => first.isVisible()).toBe(true);
    expect(await first.locator('mark').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'submission.png'), fullPage: true });
    assertNotBlank(join(SHOTS, 'submission.png'));

    await page.goto(pathToFileURL(join(out, 'correct-tested.html')).href);
    const matrix = page.locator('table.matrix');
    expect(await matrix.locator('td.hit').count()).toBeGreaterThan(10);
    // The whole matrix fits the page: no column hidden behind a scroll bar.
    const [table, frame] = await Promise.all([matrix.boundingBox(), matrix.locator('..').boundingBox()]);
    expect(table!.width).toBeLessThanOrEqual(frame!.width);
    await matrix.screenshot({ path: join(SHOTS, 'matrix.png') });
    assertNotBlank(join(SHOTS, 'matrix.png'));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a hostile folder name and output stay text: no script runs, no dialog opens', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems = watch(page);
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    await page.locator('#submissions').getByRole('link', { name: HOSTILE }).click();
    await page.waitForLoadState('load');
    expect(await page.locator('h1').textContent()).toContain(HOSTILE);
    expect(await page.locator('tr.first').first().textContent()).toContain('<script>alert(2)</script>');
    expect(await page.locator('img').count()).toBe(0);
    await page
      .locator('section.test')
      .first()
      .screenshot({ path: join(SHOTS, 'hostile-diff.png') });
    assertNotBlank(join(SHOTS, 'hostile-diff.png'));
    expect(problems).toEqual([]);
    await page.close();
  });
});
