import { configure } from '@saldo/sdk';
import { api } from './api';
import { getToken } from './auth-storage';
import { startupRequests } from './startup-requests';

/**
 * The SDK's widgets fetch their own data; pointing them at the portal's token store and its
 * single-flight refresh means a widget's 401 and a portal 401 renew the session only once.
 * Their fetch serves what the dashboard's route loader asked for at navigation (startup-requests.ts).
 */
export function configureSdk(): void {
  configure({
    baseUrl: '',
    getToken: () => getToken(),
    refresh: () => api.refresh(),
    fetch: startupRequests.fetch,
  });
}
