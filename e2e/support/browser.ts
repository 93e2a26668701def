import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { plateau } from './plateau.ts';

export const artifactsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../artifacts',
);

/** Debian's Chromium, quiet: no sandbox (containers), no GPU, no background traffic. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

const requestsInFlight = new WeakMap<Page, Set<Request>>();

/** The body types of an upload: a form with files, or a piece of a resumable upload. */
const UPLOAD_BODY = /^(multipart\/form-data|application\/offset\+octet-stream)/;

/**
 * A playing video streams for as long as it plays (a live's player always has a playlist
 * reload held by the server until the next segment, `_HLS_msn`), and an upload sends for as
 * long as it sends: no screen waits for them to finish.
 */
const lastsAsLongAsItPlays = (request: Request) =>
  ['media', 'websocket', 'eventsource'].includes(request.resourceType()) ||
  request.url().includes('_HLS_msn=') ||
  UPLOAD_BODY.test(request.headers()['content-type'] ?? '');

/**
 * What a visitor's device may change: `hasTouch` for a phone's finger; `baseURL` for a file
 * that serves a Plateau of its own; `userAgent` for a visitor the server must tell apart from
 * the others (they all come from one address with one browser).
 */
export type VisitOptions = Pick<
  BrowserContextOptions,
  'baseURL' | 'hasTouch' | 'isMobile' | 'viewport' | 'userAgent'
>;

/** A fresh visitor (own storage) on this run's Plateau (or `baseURL`), at laptop size, in French. */
const newVisitor = async (
  browser: Browser,
  options: VisitOptions = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({
    viewport: SIZES[0],
    locale: 'fr-FR',
    ...options,
    baseURL: options.baseURL ?? plateau().baseUrl,
  });
  // A screen that has not shown what it should after 30 s will not show it. 15 s was once too
  // short for a sign-in under the whole suite's load on a machine half as fast as usual
  // (bench/README.md, "Measured again after issue 32").
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const inFlight = new Set<Request>();
  requestsInFlight.set(page, inFlight);
  page.on('request', (request) => {
    if (!lastsAsLongAsItPlays(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return { context, page };
};

/** Until the page has made no request for `quietMs` (lazy thumbnails load as they show). */
export const settle = async (page: Page, quietMs = 400, timeoutMs = 10_000) => {
  const inFlight = requestsInFlight.get(page) ?? new Set();
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Not a failure (a screen may poll), but every run would pay these seconds: say which.
  const open = [...inFlight].map((request) => request.url());
  console.warn(`settle: still waiting after ${timeoutMs} ms for ${open.join(', ')}`);
};

export const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;

/** Serious and critical axe violations, one readable line per element. */
const accessibilityProblems = async (page: Page): Promise<string[]> => {
  // axe.run in the page itself ("legacy mode"): by default the package runs each frame apart,
  // then merges in a blank page it opens for every look, injecting axe three times; Plateau's
  // screens have no frames. Violations alone: axe skips describing what passed. The same rules
  // and findings (checked on a page with a nameless button, a pale text and an image without
  // alt), in 0.35 s a look against 0.84 s (admin.test.ts, 14 looks, bench/README.md).
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .flatMap(({ id, impact, help, nodes }) =>
      nodes.map(
        (node) => `${impact} ${id} (${help}): ${node.target.join(' ')} ${node.html.slice(0, 160)}`,
      ),
    );
};

/** Screenshots for review are taken when asked (`SCREENSHOTS=1`), not on every run. */
export const takingScreenshots = process.env.SCREENSHOTS === '1';

/**
 * Until the transitions under way (menus, fades, the notification's slide-in) have finished:
 * what runs for ever (a spinner, a playing video's progress) is not waited for.
 */
const transitionsDone = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

/**
 * Looks at the current screen as a person would on a laptop and on a phone: axe on each, which
 * must find nothing serious or critical, and with SCREENSHOTS=1 a screenshot of each into
 * e2e/artifacts/ to open and review. Leaves the page at laptop size. `point` places the pointer
 * at each size (for a screen that shows what a hover shows); without it, the pointer is moved
 * out of the way.
 */
/** With SCREENSHOTS=1, the screen as it is now, once its transitions are done, as `name`.png. */
export const shoot = async (page: Page, name: string) => {
  if (!takingScreenshots) return;
  await transitionsDone(page);
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), animations: 'disabled' });
};

export const look = async (page: Page, name: string, point?: () => Promise<void>) => {
  const problems: string[] = [];
  // The pointer stays where the last click was: no hover highlight in the pictures.
  if (!point) await page.mouse.move(0, 0);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    await point?.();
    await transitionsDone(page);
    await shoot(page, `${name}-${size.width}x${size.height}`);
    for (const problem of await accessibilityProblems(page)) {
      problems.push(`${size.width}x${size.height} ${problem}`);
    }
  }
  await page.setViewportSize(SIZES[0]);
  expect(problems, `axe on « ${name} » (${page.url()})`).toEqual([]);
};

/**
 * Keeps `selector` in view, now and whenever the viewport changes size: look() resizes the
 * page to each size it shoots, which would otherwise leave the part looked at off screen.
 */
export const keepInView = (page: Page, selector: string, block: 'start' | 'center' = 'start') =>
  page.evaluate(
    ({ selector, block }) => {
      const keep = () => document.querySelector(selector)?.scrollIntoView({ block });
      keep();
      window.addEventListener('resize', keep);
    },
    { selector, block },
  );

/** Signs in through /login as a person does, and waits for the welcome message. */
export const signIn = (page: Page, username: string) =>
  signInWith(page, username, plateau().accounts[username]!.password);

/** signIn with an account of a Plateau other than the run's. */
export const signInWith = async (page: Page, username: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Identifiant').fill(username);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Valider' }).click();
  await page.getByText('Connexion reussie ! Bienvenue').waitFor();
};

/**
 * One Chromium for the test file; `visit()` opens a fresh visitor (no session, own storage),
 * closed after each test, the browser after the file.
 */
export const useBrowser = () => {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async visit(options?: VisitOptions): Promise<Page> {
      const { context, page } = await newVisitor(browser!, options);
      contexts.push(context);
      return page;
    },
  };
};
