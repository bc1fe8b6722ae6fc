import { useState, type ReactNode } from 'react';
import { MantineProvider, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ServicesContext, type StudioServices } from './api/context';
import { ApiError } from './api/client';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // Operators who ask their system for less motion get none (and tests, whose matchMedia asks for it, no timers).
  respectReducedMotion: true,
});

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A 4xx will not change by asking again; a network hiccup might.
      queries: {
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

export function Providers({
  services,
  children,
  client,
}: {
  services: StudioServices;
  children: ReactNode;
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? makeQueryClient());
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>
          <ModalsProvider>
            <Notifications position="bottom-right" autoClose={4000} limit={3} />
            {children}
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}
