import type { StorybookConfig } from '@storybook/react-vite';

// Stories live beside what they show: widgets and screen kinds in renderers/, pages and shell in src/.
const config: StorybookConfig = {
  stories: ['../renderers/**/*.stories.@(ts|tsx)', '../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};
export default config;
