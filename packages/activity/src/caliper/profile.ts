import { courseName } from '../config/courses';
import type { CourseConfig } from '../config/types';
import type { EventInput } from './common';
import type { TimebackActivityContext, TimebackEventExtensions, TimebackUser } from './types';

/** The student: the rostering user URL and email (`name`, `role` optional). */
export interface ActorInput {
  /** The student's rostering user URL. */
  id: string;
  /** The student's email address. */
  email: string;
  /** The student's display name, sent when given. */
  name?: string;
  /** The student's role (for example `student`), sent when given. */
  role?: string;
}

/** What the two profile events share: who, which activity of which course and app, which run. */
export interface ProfileEventInput extends EventInput {
  /** The partner application's base URL (`sensor` of learnkit.config.json). */
  sensor: string;
  /** The student; other members it holds are left out of the event. */
  actor: ActorInput;
  /** The partner application (`app` of learnkit.config.json), sent as `object.app`. */
  app: {
    /** The application's name. */
    name: string;
    /** The application's platform id, sent when given. */
    id?: string;
  };
  /** The configured course the activity belongs to. */
  course: CourseConfig;
  /** The activity: its slug ends the activity URL (`object.id` and `object.activity.id`), its name is sent. */
  activity: {
    /** URL-safe activity slug. */
    id: string;
    /** The activity's display name. */
    name: string;
  };
  /** The run the event belongs to, sent as `extensions.runId`. */
  runId: string;
}

/** The profile's actor with exactly `id, type, email, name?, role?`, whatever else `actor` holds. */
export function timebackUser(actor: ActorInput): TimebackUser {
  const user: TimebackUser = { id: actor.id, type: 'TimebackUser', email: actor.email };
  if (actor.name !== undefined) user.name = actor.name;
  if (actor.role !== undefined) user.role = actor.role;
  return user;
}

/**
 * The activity's URL: `<sensor>/activities/<code>/<id>` when the course has a code, else
 * `<sensor>/activities/<Subject>/g<grade>/<id>`; each segment percent-encoded.
 *
 * @example
 * activityUrl('https://app.example.com', { subject: 'Math', grade: 3 }, 'fractions-1')
 * // 'https://app.example.com/activities/Math/g3/fractions-1'
 */
export function activityUrl(sensor: string, course: CourseConfig, activityId: string): string {
  const e = encodeURIComponent;
  const where =
    course.code !== undefined ? e(course.code) : `${e(course.subject)}/g${e(String(course.grade))}`;
  return `${sensor.replace(/\/+$/, '')}/activities/${where}/${e(activityId)}`;
}

/** The profile's object for an activity: `id` and `activity.id` are both the activity's URL. */
export function activityContext(input: ProfileEventInput): TimebackActivityContext {
  const { sensor, app, course, activity } = input;
  const appPart = app.id === undefined ? { name: app.name } : { name: app.name, id: app.id };
  const coursePart =
    course.courseId === undefined
      ? { name: courseName(course) }
      : { id: course.courseId, name: courseName(course) };
  const url = activityUrl(sensor, course, activity.id);
  // The profile types `activity.id` as a URI: the activity's URL, never the bare slug
  // (docs/decisions.md#d-activity-id-is-url).
  return {
    id: url,
    type: 'TimebackActivityContext',
    subject: course.subject,
    app: appPart,
    course: coursePart,
    activity: { id: url, name: activity.name },
  };
}

/** The profile's `extensions`: the run id, and the course id when configured. */
export function profileExtensions(input: ProfileEventInput): TimebackEventExtensions {
  const courseId = input.course.courseId;
  return courseId === undefined ? { runId: input.runId } : { runId: input.runId, courseId };
}
