// Per event type: the actions it allows and the entity types of its members, transcribed from the Caliper 1.2
// specification (1EdTech/caliper-spec, commit c0261faa): the event fragments (`fragments/events`), widened where
// a profile's table allows more (`fragments/profiles`: a ViewEvent of a Result, the Attempt an
// AssessmentItemEvent Started generates), plus the platform's additions (docs/decisions.md#d-caliper-one-rule-set).
import { CALIPER_ACTIONS } from './vocabulary';

/** An event member that holds an entity (as an object or an IRI). */
export type EntityMember =
  | 'actor'
  | 'object'
  | 'generated'
  | 'target'
  | 'referrer'
  | 'edApp'
  | 'group'
  | 'membership'
  | 'session'
  | 'federatedSession';

/** The entity types a member accepts (each with its subtypes). */
export type MemberTypes = Partial<Record<EntityMember, readonly string[]>>;

/** What one event type allows. */
export interface EventTypeRule {
  /** The actions the type allows. */
  actions: readonly string[];
  /** Entity types of the members, where the type narrows the generic Event's. */
  members: MemberTypes;
  /** Narrower member types for some actions (SessionEvent: a Person logs in, an application times out). */
  byAction?: Readonly<Record<string, MemberTypes>>;
  /** Members an action requires beyond `actor`, `object` and the rest of the common ones. */
  requiredFor?: Readonly<Record<string, readonly EntityMember[]>>;
}

/** The generic Event's member types, which every event type starts from. */
export const EVENT_MEMBERS: Readonly<Record<EntityMember, readonly string[]>> = {
  actor: ['Agent'],
  object: ['Entity'],
  generated: ['Entity'],
  target: ['Entity'],
  referrer: ['Entity'],
  edApp: ['SoftwareApplication'],
  group: ['Organization'],
  membership: ['Membership'],
  session: ['Session'],
  federatedSession: ['LtiSession'],
};

const PERSON = ['Person'];
const RESOURCE_OR_APP = ['DigitalResource', 'SoftwareApplication'];

/**
 * Caliper 1.2's event types and the platform's own. `SessionEvent` also takes `Archived` (the platform's
 * recording of a session, spec 001) and `AssessmentEvent` `Abandoned` and `Reviewed` (the platform's action
 * list); `TimeSpentEvent` and `ActivityEvent` are the platform's profile events (checked in full elsewhere).
 */
export const EVENT_TYPES: Readonly<Record<string, EventTypeRule>> = {
  Event: { actions: CALIPER_ACTIONS, members: {} },
  AnnotationEvent: {
    actions: ['Bookmarked', 'Highlighted', 'Shared', 'Tagged'],
    members: { actor: PERSON, object: ['DigitalResource'], target: ['Frame'], generated: ['Annotation'] },
  },
  AssessmentEvent: {
    actions: ['Started', 'Paused', 'Resumed', 'Restarted', 'Reset', 'Submitted', 'Abandoned', 'Reviewed'],
    members: { actor: PERSON, object: ['Assessment'], generated: ['Attempt'] },
  },
  AssessmentItemEvent: {
    actions: ['Started', 'Skipped', 'Completed'],
    members: {
      actor: PERSON,
      object: ['AssessmentItem'],
      generated: ['Attempt', 'Response'],
      referrer: ['AssessmentItem'],
    },
  },
  AssignableEvent: {
    actions: ['Activated', 'Deactivated', 'Started', 'Completed', 'Submitted', 'Reviewed'],
    members: {
      actor: PERSON,
      object: ['AssignableDigitalResource'],
      target: ['Frame'],
      generated: ['Attempt'],
    },
  },
  FeedbackEvent: {
    actions: ['Commented', 'Ranked'],
    members: { actor: PERSON, target: ['Frame'], generated: ['Rating', 'Comment'] },
  },
  ForumEvent: { actions: ['Subscribed', 'Unsubscribed'], members: { actor: PERSON, object: ['Forum'] } },
  GradeEvent: { actions: ['Graded'], members: { object: ['Attempt'], generated: ['Score'] } },
  MediaEvent: {
    actions: [
      'Started',
      'Ended',
      'Paused',
      'Resumed',
      'Restarted',
      'ForwardedTo',
      'JumpedTo',
      'ChangedResolution',
      'ChangedSize',
      'ChangedSpeed',
      'ChangedVolume',
      'EnabledClosedCaptioning',
      'DisabledClosedCaptioning',
      'EnteredFullScreen',
      'ExitedFullScreen',
      'Muted',
      'Unmuted',
      'OpenedPopout',
      'ClosedPopout',
    ],
    members: { actor: PERSON, object: ['MediaObject'], target: ['MediaLocation'] },
  },
  MessageEvent: {
    actions: ['MarkedAsRead', 'MarkedAsUnread', 'Posted'],
    members: { actor: PERSON, object: ['Message'] },
  },
  NavigationEvent: {
    actions: ['NavigatedTo'],
    members: {
      actor: PERSON,
      object: RESOURCE_OR_APP,
      target: ['DigitalResource'],
      referrer: RESOURCE_OR_APP,
    },
  },
  QuestionnaireEvent: {
    actions: ['Started', 'Submitted'],
    members: { actor: PERSON, object: ['Questionnaire'], generated: ['Attempt'] },
  },
  QuestionnaireItemEvent: {
    actions: ['Started', 'Skipped', 'Completed'],
    members: { actor: PERSON, object: ['QuestionnaireItem'], generated: ['Attempt', 'Response'] },
  },
  ResourceManagementEvent: {
    actions: [
      'Archived',
      'Copied',
      'Created',
      'Deleted',
      'Described',
      'Downloaded',
      'Modified',
      'Printed',
      'Published',
      'Restored',
      'Retrieved',
      'Saved',
      'Unpublished',
      'Uploaded',
    ],
    members: { actor: PERSON, object: ['DigitalResource'], generated: ['DigitalResource'] },
    requiredFor: { Copied: ['generated'] },
  },
  SearchEvent: { actions: ['Searched'], members: { actor: PERSON, generated: ['SearchResponse'] } },
  SessionEvent: {
    actions: ['LoggedIn', 'LoggedOut', 'TimedOut', 'Archived'],
    members: {
      actor: ['Person', 'SoftwareApplication'],
      object: ['Session', 'SoftwareApplication'],
      target: ['DigitalResource'],
      referrer: RESOURCE_OR_APP,
    },
    byAction: {
      LoggedIn: { actor: PERSON, object: ['SoftwareApplication'] },
      LoggedOut: { actor: PERSON, object: ['SoftwareApplication'] },
      TimedOut: { actor: ['SoftwareApplication'], object: ['Session'] },
      Archived: { actor: PERSON },
    },
  },
  SurveyEvent: { actions: ['OptedIn', 'OptedOut'], members: { actor: PERSON, object: ['Survey'] } },
  SurveyInvitationEvent: {
    actions: ['Accepted', 'Declined', 'Sent'],
    members: { actor: PERSON, object: ['SurveyInvitation'] },
  },
  ThreadEvent: {
    actions: ['MarkedAsRead', 'MarkedAsUnread'],
    members: { actor: PERSON, object: ['Thread'] },
  },
  ToolLaunchEvent: {
    actions: ['Launched', 'Returned'],
    members: {
      actor: PERSON,
      object: ['SoftwareApplication'],
      generated: ['DigitalResource'],
      target: ['Link', 'LtiLink'],
    },
    requiredFor: { Launched: ['federatedSession'] },
  },
  ToolUseEvent: {
    actions: ['Used'],
    members: {
      actor: PERSON,
      object: ['SoftwareApplication'],
      target: ['SoftwareApplication'],
      generated: ['AggregateMeasureCollection'],
    },
  },
  ViewEvent: { actions: ['Viewed'], members: { actor: PERSON, object: ['DigitalResource', 'Result'] } },
  TimeSpentEvent: { actions: ['SpentTime'], members: {} },
  ActivityEvent: { actions: ['Completed'], members: {} },
};

/** The rule of event type `type`, or undefined for a type Caliper 1.2 and the platform do not define. */
export const eventTypeRule = (type: string): EventTypeRule | undefined =>
  Object.hasOwn(EVENT_TYPES, type) ? EVENT_TYPES[type] : undefined;

/** The entity types `member` of an event of `rule` accepts for `action`. */
export function memberTypes(rule: EventTypeRule, action: string, member: EntityMember): readonly string[] {
  const narrowed = rule.byAction && Object.hasOwn(rule.byAction, action) ? rule.byAction[action] : undefined;
  return narrowed?.[member] ?? rule.members[member] ?? EVENT_MEMBERS[member];
}
