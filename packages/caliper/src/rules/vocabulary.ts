// The Caliper 1.2 vocabulary the rules check against, transcribed from the specification's fragments
// (1EdTech/caliper-spec, commit c0261faa, `fragments/{entities,actions,profiles}`); see
// docs/decisions.md#d-caliper-one-rule-set.

/** Each Caliper 1.2 entity type and its direct supertypes (`Entity` is the root). */
const ENTITY_SUPERTYPES: Readonly<Record<string, readonly string[]>> = {
  Entity: [],
  Agent: ['Entity'],
  Person: ['Agent'],
  SoftwareApplication: ['Agent'],
  Organization: ['Agent'],
  CourseOffering: ['Organization'],
  CourseSection: ['CourseOffering'],
  Group: ['Organization'],
  AggregateMeasure: ['Entity'],
  Collection: ['Entity'],
  AggregateMeasureCollection: ['Collection'],
  Survey: ['Collection'],
  Annotation: ['Entity'],
  BookmarkAnnotation: ['Annotation'],
  HighlightAnnotation: ['Annotation'],
  SharedAnnotation: ['Annotation'],
  TagAnnotation: ['Annotation'],
  Attempt: ['Entity'],
  Comment: ['Entity'],
  LearningObjective: ['Entity'],
  Link: ['Entity'],
  Membership: ['Entity'],
  Query: ['Entity'],
  Rating: ['Entity'],
  Response: ['Entity'],
  DateTimeResponse: ['Response'],
  FillinBlankResponse: ['Response'],
  MultipleChoiceResponse: ['Response'],
  MultipleResponseResponse: ['Response'],
  MultiselectResponse: ['Response'],
  OpenEndedResponse: ['Response'],
  RatingScaleResponse: ['Response'],
  SelectTextResponse: ['Response'],
  TrueFalseResponse: ['Response'],
  Result: ['Entity'],
  Scale: ['Entity'],
  LikertScale: ['Scale'],
  MultiselectScale: ['Scale'],
  NumericScale: ['Scale'],
  Score: ['Entity'],
  SearchResponse: ['Entity'],
  Session: ['Entity'],
  LtiSession: ['Session'],
  DigitalResource: ['Entity'],
  AssignableDigitalResource: ['DigitalResource'],
  AssessmentItem: ['AssignableDigitalResource'],
  DigitalResourceCollection: ['Collection', 'DigitalResource'],
  Assessment: ['AssignableDigitalResource', 'DigitalResourceCollection'],
  Forum: ['DigitalResourceCollection'],
  Questionnaire: ['DigitalResourceCollection'],
  Thread: ['DigitalResourceCollection'],
  Chapter: ['DigitalResource'],
  Document: ['DigitalResource'],
  Frame: ['DigitalResource'],
  LtiLink: ['DigitalResource'],
  MediaLocation: ['DigitalResource'],
  MediaObject: ['DigitalResource'],
  AudioObject: ['MediaObject'],
  ImageObject: ['MediaObject'],
  VideoObject: ['MediaObject'],
  Message: ['DigitalResource'],
  Page: ['DigitalResource'],
  Question: ['DigitalResource'],
  DateTimeQuestion: ['Question'],
  MultiselectQuestion: ['Question'],
  OpenEndedQuestion: ['Question'],
  RatingScaleQuestion: ['Question'],
  QuestionnaireItem: ['DigitalResource'],
  SurveyInvitation: ['DigitalResource'],
  WebPage: ['DigitalResource'],
};

const own = (table: object, key: string) => Object.hasOwn(table, key);

/** Whether `type` is a Caliper 1.2 entity type. */
export const isEntityType = (type: string): boolean => own(ENTITY_SUPERTYPES, type);

/** Whether entity type `type` is `wanted` or one of its subtypes. */
export function isSubtypeOf(type: string, wanted: string): boolean {
  if (type === wanted) return true;
  if (!isEntityType(type)) return false;
  return (ENTITY_SUPERTYPES[type] as readonly string[]).some((parent) => isSubtypeOf(parent, wanted));
}

/** The Caliper 1.2 action vocabulary (Appendix A), what a generic `Event` may carry. */
export const CALIPER_ACTIONS: readonly string[] = (
  'Abandoned Accepted Activated Added Archived Attached Bookmarked ChangedResolution ChangedSize ' +
  'ChangedSpeed ChangedVolume Classified ClosedPopout Commented Completed Copied Created Deactivated ' +
  'Declined Deleted Described DisabledClosedCaptioning Disliked Downloaded EnabledClosedCaptioning ' +
  'Ended EnteredFullScreen ExitedFullScreen ForwardedTo Graded Hid Highlighted Identified JumpedTo ' +
  'Launched Liked Linked LoggedIn LoggedOut MarkedAsRead MarkedAsUnread Modified Muted NavigatedTo ' +
  'OpenedPopout OptedIn OptedOut Paused Posted Printed Published Questioned Ranked Recommended Removed ' +
  'Reset Restarted Restored Resumed Retrieved Returned Reviewed Rewound Saved Searched Sent Shared ' +
  'Showed Skipped Started Submitted Subscribed Tagged TimedOut Unmuted Unpublished Unsubscribed ' +
  'Uploaded Used Viewed'
).split(' ');

/** The Caliper 1.2 metric profiles, and the platform's own (`TimebackProfile`), the values `profile` may take. */
export const CALIPER_PROFILES: readonly string[] = (
  'AnnotationProfile AssessmentProfile AssignableProfile FeedbackProfile ForumProfile GeneralProfile ' +
  'GradingProfile MediaProfile ReadingProfile ResourceManagementProfile SearchProfile SessionProfile ' +
  'SurveyProfile ToolLaunchProfile ToolUseProfile TimebackProfile'
).split(' ');
