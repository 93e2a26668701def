/**
 * The entry stays tiny and asks for the app only once the browser has painted index.html (the
 * landing hero's first paint): nothing competes with the page for the network or the main
 * thread before that paint. Vite's preload helper then fetches each import's chunks in
 * parallel. On `/` the landing route is asked for with the app, not after the router matched
 * it. A hidden tab, which never paints, waits at most 100 ms.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });

void afterFirstPaint().then(async () => {
  if (location.pathname === '/') void import('./app/routes/home.tsx');
  const { mountApp } = await import('./app/mount.tsx');
  mountApp();
});
