import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The flags every Plateau browser run uses (Debian's Chromium, headless, no background work). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });

export interface Session {
  token: string;
  role: string;
}

/**
 * A fresh context: its own empty HTTP cache and storage. With a session, the token and role are
 * in local storage before the app's first script runs, as after a sign-in.
 */
export const newContext = async (browser: Browser, session?: Session): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (session) {
    await context.addInitScript(({ token, role }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('role', role);
    }, session);
  }
  return context;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `page` has fetched no script for `quietMs` (lazy chunks load in cascades). */
const scriptsSettled = async (scripts: Set<string>, quietMs = 1500) => {
  let count = -1;
  while (count !== scripts.size) {
    count = scripts.size;
    await sleep(quietMs);
  }
};

export interface Visit {
  /** Built files under /assets/ fetched as scripts, as `assets/x-hash.js`. */
  scripts: Set<string>;
  /** Where the app ended (pathname + search): a redirect shows here. */
  landed: string;
}

/** Opens `url` cold and lists the JavaScript files the page fetched until it settled. */
export const visit = async (browser: Browser, url: string, session?: Session): Promise<Visit> => {
  const context = await newContext(browser, session);
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) {
        scripts.add(pathname.slice(1));
      }
    });
    await page.goto(url, { waitUntil: 'load' });
    await scriptsSettled(scripts);
    const landed = new URL(page.url());
    return { scripts, landed: landed.pathname + landed.search };
  } finally {
    await context.close();
  }
};

export interface PaintRun {
  lcpMs: number;
  tbtMs: number;
  /** The LCP element, e.g. `img` or `h1 "Nos dernieres videos"`. */
  lcpElement: string;
}

/**
 * Records LCP entries and long tasks from the first script on (buffered observers would miss
 * nothing either, but the entries are kept here to read after the page settled).
 */
const observePaints = () => {
  const state = {
    lcp: 0,
    lcpElement: '',
    fcp: 0,
    longTasks: [] as { start: number; duration: number }[],
  };
  (window as unknown as { __bench: typeof state }).__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
      state.lcp = entry.startTime;
      const element = entry.element;
      const text = element?.textContent?.trim().slice(0, 40);
      state.lcpElement = element
        ? `${element.tagName.toLowerCase()}${text ? ` "${text}"` : ''}`
        : '(removed)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
};

/**
 * One cold load of `url` (new context: empty cache), unthrottled at 1280x800. LCP as Chromium
 * reports it; TBT as Lighthouse defines it: the part beyond 50 ms of each long task after the
 * first contentful paint, here until the page has been quiet (no new long task or LCP) for 3 s.
 */
export const paintRun = async (
  browser: Browser,
  url: string,
  session?: Session,
): Promise<PaintRun> => {
  const context = await newContext(browser, session);
  try {
    await context.addInitScript(observePaints);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const read = () =>
      page.evaluate(() => {
        const state = (
          window as unknown as {
            __bench: {
              lcp: number;
              lcpElement: string;
              fcp: number;
              longTasks: { start: number; duration: number }[];
            };
          }
        ).__bench;
        return { ...state, longTasks: [...state.longTasks] };
      });
    let before = await read();
    const deadline = Date.now() + 20_000;
    for (;;) {
      await sleep(3000);
      const now = await read();
      const quiet = now.lcp === before.lcp && now.longTasks.length === before.longTasks.length;
      before = now;
      if (quiet || Date.now() > deadline) break;
    }
    const tbtMs = before.longTasks
      .filter((task) => task.start >= before.fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return { lcpMs: before.lcp, tbtMs, lcpElement: before.lcpElement };
  } finally {
    await context.close();
  }
};

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
