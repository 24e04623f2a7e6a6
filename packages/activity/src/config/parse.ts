import { isRecord, isText } from '../check';
import { invalid } from '../invalid';
import { redactUserinfo } from '../userinfo';
import { normalizeCourses } from './courses';
import type { LearnkitConfig } from './types';

/**
 * A value as this module's messages quote it, with core's whole rule for passwords shaped like userinfo
 * (percent-encoded forms included), as core's ValidationError applies it. This module is not in the browser entry,
 * whose checks keep a smaller rule (docs/decisions.md#d-userinfo-browser).
 */
const shown = (value: unknown): string => redactUserinfo(JSON.stringify(value) ?? String(value));

/**
 * Checks a parsed `learnkit.config.json` and returns it typed; throws a ValidationError naming the first bad field.
 * The same rules as `learnkit.config.schema.json`, without a schema validator (kept small for browsers).
 *
 * @example
 * const config = parseLearnkitConfig(JSON.parse(await readFile('learnkit.config.json', 'utf8')));
 */
export function parseLearnkitConfig(input: unknown): LearnkitConfig {
  if (!isRecord(input)) throw invalid([], `learnkit.config.json must be an object, got ${shown(input)}`);
  const { sensor, app } = input;
  if (!(typeof sensor === 'string' && /^https?:\/\/[^/\s]+[^\s]*$/.test(sensor)))
    throw invalid(['sensor'], `learnkit.config.json: sensor must be an http(s) URL, got ${shown(sensor)}`);
  if (!isRecord(app) || !isText(app.name))
    throw invalid(
      ['app', 'name'],
      `learnkit.config.json: app.name must be a non-empty string, got ${shown(app)}`,
    );
  if (app.id !== undefined && !isText(app.id))
    throw invalid(
      ['app', 'id'],
      `learnkit.config.json: app.id must be a non-empty string, got ${shown(app.id)}`,
    );
  const courses = normalizeCourses(input.courses, 'learnkit.config.json: courses', shown);
  // A trailing slash would give object ids with `//activities`.
  return {
    sensor: sensor.replace(/\/+$/, ''),
    app: app.id === undefined ? { name: app.name } : { name: app.name, id: app.id as string },
    courses,
  };
}
