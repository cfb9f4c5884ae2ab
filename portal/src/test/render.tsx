import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { NotificationProvider } from '../components/notifications';
import { i18n } from '../lib/i18n';

// Vitest runs without globals here, so Testing Library cannot register its own clean-up after each test.
afterEach(cleanup);

/** A query client that fails at once: a test stubs each answer, so a retry would only hide a mistake. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** What every portal screen expects around it: translations, the query client and the notifications. */
function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <NotificationProvider>{children}</NotificationProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** Renders a component inside the portal's providers (no router). */
export function renderWithProviders(ui: ReactNode, client = testQueryClient()): RenderResult {
  return render(<Providers client={client}>{ui}</Providers>);
}

/** Renders routes on a memory router at `path`, inside the portal's providers; the router tells where it went. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  client = testQueryClient(),
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

/** Lets pending effects, fetches and state updates run (a few turns of the event loop). */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Clicks an element and lets what it starts run. */
export async function click(el: Element | null): Promise<void> {
  await act(async () => (el as HTMLElement).click());
  await settle();
}

/** Types a whole value into an input as a user's edit: React sees the change. */
export function typeInto(input: HTMLInputElement | null, value: string): void {
  if (!input) throw new Error('typeInto: no input');
  fireEvent.input(input, { target: { value } });
}

/**
 * Each test of the file starts on a fresh screen in `lang` with nothing stored (no session, no board),
 * and gets the real fetch back after it.
 */
export function freshScreen(lang: 'en' | 'nor' = 'en'): void {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage(lang);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** The first element on the page that matches, its text, and every one that matches. */
export const $ = <T extends Element>(selector: string) => document.body.querySelector<T>(selector);
export const text = (selector: string) => $(selector)?.textContent ?? '';
export const $$ = (selector: string) => [...document.body.querySelectorAll(selector)];
