import type { StorybookConfig } from '@storybook/web-components-vite';
import { defaultClientConditions } from 'vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/web-components-vite', options: {} },
  stories: ['../stories/**/*.stories.ts'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    // Stories use the SDK's TypeScript source (its "source" export condition), so no SDK
    // build is needed first and edits show up at once.
    viteConfig.resolve ??= {};
    viteConfig.resolve.conditions = ['source', ...(viteConfig.resolve.conditions ?? defaultClientConditions)];
    return viteConfig;
  },
};

export default config;
