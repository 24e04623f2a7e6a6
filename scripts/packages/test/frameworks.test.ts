// The framework entries of the packed @learnkit/activity in plain Node, as Next.js, Nuxt and SvelteKit load them on
// the server: imported with ESM `import` and CommonJS `require`, a component rendered to a string with
// react-dom/server (React 19 and React 18), Vue's server renderer and svelte/server's `render`. Nothing may read
// `window`, `document` or `navigator` from the package's files, and nothing may be sent (docs/decisions.md#d-framework-ssr).
import { describe, expect, it } from 'vitest';
import { runToEnd, scratch, writeFiles } from './helpers';

/** The script run in the scratch project: it prints one JSON line of what it saw. */
const script = (frameworks: readonly string[]) => `
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
const touched = [];
for (const name of ['window', 'document', 'navigator', 'localStorage']) {
  const original = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const line = (new Error().stack ?? '').split('\\n').find((l) => l.includes('node_modules/@learnkit/activity/'));
      if (line) touched.push(name + ':' + line.trim());
      return original?.get ? original.get.call(globalThis) : original?.value;
    },
  });
}
const fetched = [];
globalThis.fetch = async (...args) => { fetched.push(String(args[0])); return new Response(null, { status: 202 }); };
const LESSON = { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } };
const require = createRequire(import.meta.url);
const { activity } = await import('@learnkit/activity');
// Configured, so an activity started on the server would send (storage: null: a server has none).
activity.configure({ endpoint: '/api/activity', courses: [LESSON.course], storage: null });
const html = {};
const frameworks = ${JSON.stringify(frameworks)};
if (frameworks.includes('react')) {
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  for (const [how, entry] of [['import', await import('@learnkit/activity/react')], ['require', require('@learnkit/activity/react')]]) {
    const Lesson = () => { const l = entry.useActivity(LESSON); return createElement('p', null, l.totalActiveMs + ' ms, ' + (l.runId ?? 'not started')); };
    const Timer = () => createElement('span', null, entry.useActivityContext().totalActiveMs + ' ms');
    html['react ' + how] = renderToString(createElement('main', null, createElement(Lesson), createElement(entry.ActivityBoundary, { ...LESSON, id: 'fractions-2' }, createElement(Timer))));
  }
}
if (frameworks.includes('vue')) {
  const { createSSRApp, defineComponent, h } = await import('vue');
  const { renderToString } = await import('vue/server-renderer');
  for (const [how, entry] of [['import', await import('@learnkit/activity/vue')], ['require', require('@learnkit/activity/vue')]]) {
    const Lesson = defineComponent({ setup() { const l = entry.useActivity(LESSON); return () => h('p', l.totalActiveMs.value + ' ms, ' + (l.runId.value ?? 'not started')); } });
    html['vue ' + how] = await renderToString(createSSRApp(Lesson));
  }
}
if (frameworks.includes('svelte')) {
  const { compile } = await import('svelte/compiler');
  const { render } = await import('svelte/server');
  const { js } = compile('<script>import { useActivity } from "@learnkit/activity/svelte"; const lesson = useActivity(' + JSON.stringify(LESSON) + ');</script><p>{$lesson.totalActiveMs} ms, {$lesson.runId ?? "not started"}</p>', { generate: 'server', filename: 'Lesson.svelte' });
  writeFileSync(new URL('./Lesson.svelte.mjs', import.meta.url), js.code);
  html['svelte import'] = render((await import('./Lesson.svelte.mjs')).default).body;
}
await new Promise((resolve) => setTimeout(resolve, 100));
console.log(JSON.stringify({ html, touched, fetched, current: activity.current }));
`;

const cases: { name: string; project: () => string; frameworks: readonly string[] }[] = [
  {
    name: 'React 19, Vue and Svelte',
    project: () => scratch().project,
    frameworks: ['react', 'vue', 'svelte'],
  },
  { name: 'React 18', project: () => scratch().react18, frameworks: ['react'] },
];

describe('framework entries of the packed @learnkit/activity, server-rendered in plain Node', () => {
  it.each(cases)(
    '$name: import and require, render to a string, nothing read of the page, nothing sent',
    async (c) => {
      const dir = writeFiles(
        `ssr-${c.frameworks.join('-')}`,
        { 'ssr.mjs': script(c.frameworks) },
        c.project(),
      );
      const result = await runToEnd(process.execPath, ['ssr.mjs'], { cwd: dir, timeoutMs: 120_000 });
      expect(result.code, result.stderr).toBe(0);
      const seen = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as {
        html: Record<string, string>;
        touched: string[];
        fetched: string[];
        current: unknown;
      };
      const expected: Record<string, string> = {};
      if (c.frameworks.includes('react'))
        for (const how of ['import', 'require'])
          expected[`react ${how}`] = '<main><p>0 ms, not started</p><span>0 ms</span></main>';
      if (c.frameworks.includes('vue'))
        for (const how of ['import', 'require']) expected[`vue ${how}`] = '<p>0 ms, not started</p>';
      if (c.frameworks.includes('svelte'))
        expected['svelte import'] = expect.stringContaining('<p>0 ms, not started</p>');
      expect(seen.html).toEqual(expected);
      expect(seen.touched).toEqual([]);
      expect(seen.fetched).toEqual([]);
      expect(seen.current).toBeNull();
    },
  );
});
