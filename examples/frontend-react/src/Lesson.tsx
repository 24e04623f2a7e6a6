// The lesson: one activity for as long as the component is mounted. This is all a React front end needs:
// useActivity starts it on mount, re-renders with its time, and flushes and ends it on unmount.
import { useActivity } from '@learnkit/activity/react';
import { useEffect } from 'react';
import { log } from './log';

// Settings from the address, so the tests can run the page with short intervals (?flush=5000).
const flush = Number(new URLSearchParams(location.search).get('flush')) || 15_000;

const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export function Lesson() {
  const lesson = useActivity({
    id: 'fractions-number-line',
    name: 'Fractions on a number line',
    course: { subject: 'Math', grade: 3 },
    time: { flushIntervalMs: flush, retryAttempts: 2, retryDelaysMs: [200, 500, 1000] },
    onFlush: (ms) => log(`delivered ${ms} ms`),
    onError: (error, { type }) =>
      log(`${type} failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  // What React does with the component, in the log (StrictMode shows mounted, unmounted, mounted in development).
  useEffect(() => {
    log('lesson mounted');
    return () => log('lesson unmounted');
  }, []);
  useEffect(() => {
    if (lesson.runId) log(`run ${lesson.runId} started`);
  }, [lesson.runId]);

  if (lesson.error) return <p role="alert">The lesson could not start: {lesson.error.message}</p>;

  const complete = async () => {
    try {
      // 1 XP is 1 focused minute.
      await lesson.end({ xpEarned: Math.round(lesson.totalActiveMs / 60_000) });
      log('completed');
    } catch {
      // onError said why; the lesson goes on and may be completed again
    }
  };
  return (
    <main data-run-id={lesson.runId ?? ''} data-active-ms={lesson.totalActiveMs}>
      <h1>Fractions on a number line</h1>
      <p>Grade 3 Math. Time on task counts while this page is visible and the lesson is running.</p>
      <div id="timer">{clock(lesson.totalActiveMs)}</div>
      <p id="status">{lesson.isEnded ? 'completed' : lesson.isPaused ? 'paused' : 'running'}</p>
      <button
        id="pause"
        type="button"
        disabled={lesson.isPaused || lesson.isEnded}
        onClick={() => lesson.pause()}
      >
        Pause
      </button>
      <button id="resume" type="button" disabled={!lesson.isPaused || lesson.isEnded} onClick={lesson.resume}>
        Resume
      </button>
      <button id="complete" type="button" disabled={lesson.isEnded} onClick={complete}>
        Complete the lesson
      </button>
      <p>
        <a id="back" href="#/">
          Back to lessons
        </a>
      </p>
    </main>
  );
}
