/**
 * The entry stays tiny. On `/` it asks for the app only once the browser has painted
 * index.html's landing hero, so nothing competes with that paint for the network or the main
 * thread, and it asks for the landing route with the app, not after the router matched it. A
 * hidden tab, which never paints, waits at most 100 ms.
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

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * On `/` the hero is already drawn, so the heaviest libraries are evaluated one per task before
 * the app (each fetched when asked: a round trip more, while the visitor reads the hero). Any
 * other page shows nothing until the app runs, so it asks for the app at once.
 */
const landingStages = [
  () => import('react-dom/client'),
  () => import('@mui/material/styles'),
  () => import('react-router'),
];

const start = async () => {
  if (location.pathname !== '/') {
    (await import('./app/mount.tsx')).mountApp();
    return;
  }
  await afterFirstPaint();
  const landing = import('./app/routes/home.tsx');
  for (const stage of landingStages) {
    await stage();
    await nextTask();
  }
  const { mountApp } = await import('./app/mount.tsx');
  await landing;
  mountApp();
};

void start();
