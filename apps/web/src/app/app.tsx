/** The web app is built in its own issue; this page proves the server serves it. */
export const App = () => (
  <main style={{ fontFamily: 'sans-serif', padding: '2rem' }}>
    <h1>Plateau</h1>
    <p>
      L&apos;API est disponible sous <a href="/api/docs">/api/docs</a>.
    </p>
  </main>
);
