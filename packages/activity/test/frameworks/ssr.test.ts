// Server rendering, as Next.js, Nuxt and SvelteKit do it: in plain Node (no DOM), importing every entry and
// rendering a component that uses it to a string starts nothing, sends nothing and touches neither `window`,
// `document` nor `navigator` from this package's code (docs/decisions.md#d-framework-ssr). The packed tarballs are held to
// the same in plain Node by scripts/packages/test/frameworks.test.ts.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { compileSvelte, SVELTE_ENTRY } from './svelte-compile';

const LESSON = { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } };
/** Reads of the browser globals whose stack passes through this package's sources. */
const touched: string[] = [];
const fetched: unknown[] = [];
const OURS = /packages\/activity\/src\//;

beforeAll(() => {
  for (const name of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage'] as const) {
    const original = Object.getOwnPropertyDescriptor(globalThis, name);
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        const stack = new Error().stack ?? '';
        if (OURS.test(stack)) touched.push(`${name}: ${stack.split('\n').find((line) => OURS.test(line))}`);
        return original?.get ? original.get.call(globalThis) : original?.value;
      },
    });
  }
  vi.stubGlobal('fetch', async (...args: unknown[]) => {
    fetched.push(args);
    return new Response(null, { status: 202 });
  });
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('server rendering', () => {
  test('the browser entry imports in Node without touching the page', async () => {
    const { activity } = await import('@learnkit/activity');
    // Configured (storage: null, there is none on a server), so a hook that started on the server would send.
    activity.configure({ endpoint: '/api/activity', courses: [LESSON.course], storage: null });
    expect(activity.current).toBeNull();
    expect(touched).toEqual([]);
  });

  test('React: renderToString of a component with useActivity and an ActivityBoundary', async () => {
    const { createElement } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { useActivity, ActivityBoundary, useActivityContext } = await import('@learnkit/activity/react');
    const Lesson = () => {
      const lesson = useActivity(LESSON);
      return createElement('p', null, `${lesson.totalActiveMs} ms, ${lesson.runId ?? 'not started'}`);
    };
    const Timer = () => createElement('span', null, `${useActivityContext().totalActiveMs} ms`);
    const html = renderToString(
      createElement(
        'main',
        null,
        createElement(Lesson),
        createElement(ActivityBoundary, { ...LESSON, id: 'fractions-2' }, createElement(Timer)),
      ),
    );
    expect(html).toBe('<main><p>0 ms, not started</p><span>0 ms</span></main>');
  });

  test("Vue: the server renderer's renderToString of a component with useActivity", async () => {
    const { createSSRApp, defineComponent, h } = await import('vue');
    const { renderToString } = await import('vue/server-renderer');
    const { useActivity } = await import('@learnkit/activity/vue');
    const Lesson = defineComponent({
      setup() {
        const { totalActiveMs, runId } = useActivity(LESSON);
        return () => h('p', `${totalActiveMs.value} ms, ${runId.value ?? 'not started'}`);
      },
    });
    expect(await renderToString(createSSRApp(Lesson))).toBe('<p>0 ms, not started</p>');
  });

  test("Svelte: svelte/server's render of a component with useActivity", async () => {
    const { render } = await import('svelte/server');
    const Lesson = await compileSvelte<Parameters<typeof render>[0]>(
      `<script>
        import { useActivity } from ${JSON.stringify(SVELTE_ENTRY)};
        const lesson = useActivity(${JSON.stringify(LESSON)});
      </script>
      <p>{$lesson.totalActiveMs} ms, {$lesson.runId ?? 'not started'}</p>`,
      'server',
    );
    expect(render(Lesson, { props: {} }).body).toContain('<p>0 ms, not started</p>');
  });

  test('nothing started, nothing sent, no browser global read by this package', async () => {
    const { activity } = await import('@learnkit/activity');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(activity.current).toBeNull();
    expect(fetched).toEqual([]);
    expect(touched).toEqual([]);
  });
});
