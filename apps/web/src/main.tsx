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

const start = async () => {
  if (location.pathname !== '/') {
    (await import('./app/mount.tsx')).mountApp();
    return;
  }
  await afterFirstPaint();
  const landing = import('./app/routes/home.tsx');
  const { mountApp } = await import('./app/mount.tsx');
  await landing;
  mountApp();
};

void start();
