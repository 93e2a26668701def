import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

export const App = () => (
  <Providers>
    <RouterProvider router={router} />
  </Providers>
);
