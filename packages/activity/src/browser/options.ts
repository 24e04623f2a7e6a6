import { show } from '../check';
import { invalid } from '../invalid';
import type { TimeOptions } from './types';

/** {@link TimeOptions} with every default applied (spec: options of `time`). */
export interface TimeSettings {
  flushIntervalMs: number;
  visibilityAware: boolean;
  flushOnVisibilityHidden: boolean;
  flushOnPageHide: boolean;
  /** Infinity when disabled (`null` or `Infinity` given). */
  hiddenTimeoutMs: number;
  retryAttempts: number;
  retryDelaysMs: number[];
}

/** The spec's defaults of the `time` options. */
export const TIME_DEFAULTS: Readonly<TimeSettings> = {
  flushIntervalMs: 15_000,
  visibilityAware: true,
  flushOnVisibilityHidden: true,
  flushOnPageHide: true,
  hiddenTimeoutMs: 600_000,
  retryAttempts: 0,
  retryDelaysMs: [100, 300, 1000],
};

/** Applies defaults to `time`; undefined for `false` (time tracking off). Throws a ValidationError naming a bad number. */
export function timeSettings(time: TimeOptions | false | undefined): TimeSettings | undefined {
  if (time === false) return undefined;
  const t: Record<string, unknown> = { ...TIME_DEFAULTS };
  // An option given as undefined keeps its default; null turns the hidden timeout off.
  for (const [k, v] of Object.entries(time ?? {})) if (v !== undefined) t[k] = v;
  t.hiddenTimeoutMs ??= Infinity;
  // Types cover the options; only the period is checked at run time, since a bad one means a flush loop.
  if (!((t.flushIntervalMs as number) > 0))
    throw invalid(
      ['time', 'flushIntervalMs'],
      `time.flushIntervalMs must be a number > 0, got ${show(t.flushIntervalMs)}`,
    );
  return { ...t, retryDelaysMs: [...(t.retryDelaysMs as number[])] } as TimeSettings;
}
