// Stylesheets are imported as strings so they can be adopted into each shadow root
// (Vite and Storybook provide `?raw` natively; rollup.config.js has a small plugin for it).
declare module '*.css?raw' {
  const css: string;
  export default css;
}

// Tests read the embedding guide (docs/embedding.md) as text, through Vite's `?raw`.
declare module '*.md?raw' {
  const text: string;
  export default text;
}
