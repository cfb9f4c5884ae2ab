// Stylesheets are imported as strings so they can be adopted into each shadow root
// (Vite and Storybook provide `?raw` natively; rollup.config.js has a small plugin for it).
declare module '*.css?raw' {
  const css: string;
  export default css;
}
