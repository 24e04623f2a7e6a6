// Single-file components, for the TypeScript of src/main.ts (Vite compiles them with @vitejs/plugin-vue).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent;
  export default component;
}
