import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './api/query-client';
import { AuthProvider } from './session/AuthProvider';
import { createAppRouter } from './routes/router';

/**
 * Starts the whole app (router, query client, session) in `root`, at the page's current URL.
 * @param root the page's #root element, empty.
 */
export function startApp(root: HTMLElement): void {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
