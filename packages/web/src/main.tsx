import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { createQueryClient } from './api/query-client';
import { AuthProvider } from './session/AuthProvider';
import { createAppRouter } from './routes/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// Creating the router matches the URL and starts loading its screen; doing it in the next task, not in the one that
// evaluates the bundle, gives the browser two shorter tasks instead of one long one on a slow phone.
setTimeout(() => {
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
}, 0);
