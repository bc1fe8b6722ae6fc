import { createContext, useContext, useSyncExternalStore } from 'react';
import type { StudioConfig } from '../config';
import type { ApiClient } from './client';
import type { SessionStore } from './sessionStore';
import type { Session } from './types';

export interface StudioServices {
  api: ApiClient;
  sessions: SessionStore;
  config: StudioConfig;
}

export const ServicesContext = createContext<StudioServices | null>(null);

export function useServices(): StudioServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices outside ServicesContext');
  return services;
}

export function useApi(): ApiClient {
  return useServices().api;
}

export function useSession(): Session | null {
  const { sessions } = useServices();
  return useSyncExternalStore(sessions.subscribe, sessions.get, sessions.get);
}
