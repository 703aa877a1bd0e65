import { createContext, type ReactNode, useContext } from 'react';
import type { BloomApi } from './bloom-api';

const ApiContext = createContext<BloomApi | null>(null);

/** Supplies the API to the signed-in screens; tests supply an in-memory one. */
export function ApiProvider({ api, children }: { api: BloomApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): BloomApi {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ApiProvider> above it');
  return api;
}
