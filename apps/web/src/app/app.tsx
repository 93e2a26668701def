import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../resources/query-client.ts';
import { Providers } from './providers.tsx';
import { createRoutes } from './routes.tsx';

// One client for the loaders and the pages: what a loader starts, the page reads.
const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

export const App = () => (
  <Providers queryClient={queryClient}>
    <RouterProvider router={router} />
  </Providers>
);
