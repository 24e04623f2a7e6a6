// The lesson page: one activity with a timer, pause/resume and a completion. This is all a front end needs:
// `activity.configure` once, `activity.start` for the lesson, `pause`/`resume`/`end` from the UI.
import { type ActivityInstance, activity } from '@learnkit/activity';
import { LearnKitError } from '@learnkit/core';
import config from '../learnkit.config.json';

// Settings from the address, so the tests can run the page with short intervals (?flush=500&hiddenTimeout=2000).
const query = new URLSearchParams(location.search);
const num = (name: string, fallback: number) => {
  const value = Number(query.get(name));
  return query.has(name) && Number.isFinite(value) ? value : fallback;
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const timer = $('timer');
const status = $('status');
const pauseButton = $<HTMLButtonElement>('pause');
const resumeButton = $<HTMLButtonElement>('resume');
const completeButton = $<HTMLButtonElement>('complete');
const log = (line: string) => {
  $('log').textContent += `${new Date().toISOString().slice(11, 23)} ${line}\n`;
};

// The endpoint is our own server (same origin, the session cookie goes along); it forwards to the platform.
activity.configure({ endpoint: '/api/activity', courses: config.courses });

const run: ActivityInstance = activity.start({
  id: 'fractions-number-line',
  name: 'Fractions on a number line',
  course: { subject: 'Math', grade: 3 },
  time: {
    flushIntervalMs: num('flush', 15_000),
    hiddenTimeoutMs: num('hiddenTimeout', 600_000),
    retryAttempts: num('retries', 2),
    retryDelaysMs: [200, 500, 1000],
  },
  onFlush: (ms) => log(`delivered ${ms} ms`),
  onPause: () => {
    log('paused');
    render();
  },
  onResume: () => {
    log('resumed');
    render();
  },
  onError: (error, { type }) => {
    // Every error the tracker hands over is a LearnKitError of @learnkit/core: an ActivitySendError for a send.
    const kind = error instanceof LearnKitError ? error.name : 'not a LearnKitError';
    log(`${type} failed (${kind}): ${error instanceof Error ? error.message : String(error)}`);
  },
});

function render() {
  const seconds = Math.floor(run.totalActiveMs / 1000);
  timer.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  status.textContent = run.isEnded ? 'completed' : run.isPaused ? 'paused' : 'running';
  pauseButton.disabled = run.isPaused || run.isEnded;
  resumeButton.disabled = !run.isPaused || run.isEnded;
  completeButton.disabled = run.isEnded;
}
setInterval(render, 250);
render();

pauseButton.onclick = async () => {
  await run.pause();
  render();
};
resumeButton.onclick = () => {
  run.resume();
  render();
};
completeButton.onclick = async () => {
  completeButton.disabled = true;
  try {
    // 1 XP is 1 focused minute; this lesson masters one unit of the course.
    await run.end({
      xpEarned: Math.round(run.totalActiveMs / 60_000),
      totalQuestions: 10,
      correctQuestions: 8,
      masteredUnits: 1,
    });
    log('completed');
  } catch {
    completeButton.disabled = false; // onError said why; the lesson goes on and may be completed again
  }
  render();
};

// For the browser tests (and curious readers in the console).
Object.assign(window, { lesson: run });
