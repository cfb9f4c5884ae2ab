import { configure } from '@saldo/sdk';
import { api } from './api';
import { getToken } from './auth-storage';

/**
 * The SDK's widgets fetch their own data; pointing them at the portal's token store and its
 * single-flight refresh means a widget's 401 and a portal 401 renew the session only once.
 */
export function configureSdk(): void {
  configure({
    baseUrl: '',
    getToken: () => getToken(),
    refresh: () => api.refresh(),
  });
}
