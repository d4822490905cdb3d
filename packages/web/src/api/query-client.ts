import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/**
 * The app's query client: data stays fresh for 30 s, no refetch on window focus, and only failures that
 * may pass on their own (network, timeout, 5xx) are retried, once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
