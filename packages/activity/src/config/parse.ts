import { isRecord, isText, show } from '../check';
import { invalid } from '../invalid';
import { normalizeCourses } from './courses';
import type { LearnkitConfig } from './types';

/**
 * Checks a parsed `learnkit.config.json` and returns it typed; throws a ValidationError naming the first bad field.
 * The same rules as `learnkit.config.schema.json`, without a schema validator (kept small for browsers).
 *
 * @example
 * const config = parseLearnkitConfig(JSON.parse(await readFile('learnkit.config.json', 'utf8')));
 */
export function parseLearnkitConfig(input: unknown): LearnkitConfig {
  if (!isRecord(input)) throw invalid([], `learnkit.config.json must be an object, got ${show(input)}`);
  const { sensor, app } = input;
  if (!(typeof sensor === 'string' && /^https?:\/\/[^/\s]+[^\s]*$/.test(sensor)))
    throw invalid(['sensor'], `learnkit.config.json: sensor must be an http(s) URL, got ${show(sensor)}`);
  if (!isRecord(app) || !isText(app.name))
    throw invalid(
      ['app', 'name'],
      `learnkit.config.json: app.name must be a non-empty string, got ${show(app)}`,
    );
  if (app.id !== undefined && !isText(app.id))
    throw invalid(
      ['app', 'id'],
      `learnkit.config.json: app.id must be a non-empty string, got ${show(app.id)}`,
    );
  const courses = normalizeCourses(input.courses, 'learnkit.config.json: courses');
  // A trailing slash would give object ids with `//activities`.
  return {
    sensor: sensor.replace(/\/+$/, ''),
    app: app.id === undefined ? { name: app.name } : { name: app.name, id: app.id as string },
    courses,
  };
}
