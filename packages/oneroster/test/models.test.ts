// The named models of @learnkit/oneroster are the types openapi-fetch gives for the same schemas, so a method's
// result and body stay assignable to and from `components['schemas'][...]` (docs/decisions.md#d-generated-model-interfaces).
// The type checks run when `tsc` checks this file (`pnpm typecheck`); the run checks the table is complete.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OneRosterSchemas as Schemas } from '../src/index';
import type * as Models from '../src/types';

/** Every model the package exports, by the schema of openapi/oneroster.yaml it is generated from. */
const SCHEMA_OF = {
  OneRosterAcademicSession: 'AcademicSession',
  OneRosterAcademicSessionInput: 'AcademicSessionInput',
  OneRosterAssessmentLineItem: 'AssessmentLineItem',
  OneRosterAssessmentLineItemInput: 'AssessmentLineItemInput',
  OneRosterAssessmentResult: 'AssessmentResult',
  OneRosterAssessmentResultInput: 'AssessmentResultInput',
  OneRosterCategory: 'Category',
  OneRosterCategoryInput: 'CategoryInput',
  OneRosterClass: 'Class',
  OneRosterClassEnrollmentInput: 'ClassEnrollmentInput',
  OneRosterClassInput: 'ClassInput',
  OneRosterClassUpdate: 'ClassUpdate',
  OneRosterComponentResource: 'ComponentResource',
  OneRosterComponentResourceInput: 'ComponentResourceInput',
  OneRosterCourse: 'Course',
  OneRosterCourseComponent: 'CourseComponent',
  OneRosterCourseComponentInput: 'CourseComponentInput',
  OneRosterCourseInput: 'CourseInput',
  OneRosterDecryptedCredential: 'DecryptedCredential',
  OneRosterDemographics: 'Demographics',
  OneRosterDemographicsInput: 'DemographicsInput',
  OneRosterEnrollment: 'Enrollment',
  OneRosterEnrollmentInput: 'EnrollmentInput',
  OneRosterEnrollmentUpdate: 'EnrollmentUpdate',
  OneRosterGradingPeriodInput: 'GradingPeriodInput',
  OneRosterGUIDRef: 'GUIDRef',
  OneRosterGUIDRefType: 'GUIDRefType',
  OneRosterLearningObjectiveSet: 'LearningObjectiveSet',
  OneRosterLineItem: 'LineItem',
  OneRosterLineItemInput: 'LineItemInput',
  OneRosterMetadata: 'Metadata',
  OneRosterOrg: 'Org',
  OneRosterOrgInput: 'OrgInput',
  OneRosterRegisteredCredentials: 'RegisteredCredentials',
  OneRosterResource: 'Resource',
  OneRosterResourceAssignment: 'ResourceAssignment',
  OneRosterResourceInput: 'ResourceInput',
  OneRosterResult: 'Result',
  OneRosterResultInput: 'ResultInput',
  OneRosterRole: 'Role',
  OneRosterRoleInput: 'RoleInput',
  OneRosterSchoolCreated: 'SchoolCreated',
  OneRosterSchoolInput: 'SchoolInput',
  OneRosterScoreScale: 'ScoreScale',
  OneRosterScoreScaleInput: 'ScoreScaleInput',
  OneRosterScoreScaleValue: 'ScoreScaleValue',
  OneRosterSourcedIdPairs: 'SourcedIdPairs',
  OneRosterSourcedIdRef: 'SourcedIdRef',
  OneRosterSourcedIdRefInput: 'SourcedIdRefInput',
  OneRosterStatus: 'Status',
  OneRosterStudentCredentialsInput: 'StudentCredentialsInput',
  OneRosterTypedGUIDRef: 'TypedGUIDRef',
  OneRosterUnstatedBody: 'UnstatedBody',
  OneRosterUser: 'User',
  OneRosterUserCreated: 'UserCreated',
  OneRosterUserId: 'UserId',
  OneRosterUserInput: 'UserInput',
  OneRosterUserProfile: 'UserProfile',
  OneRosterUserProfileCredential: 'UserProfileCredential',
  OneRosterUserProfileCredentialInput: 'UserProfileCredentialInput',
  OneRosterUserProfileInput: 'UserProfileInput',
  OneRosterUserWithDemographics: 'UserWithDemographics',
} as const satisfies Record<string, keyof Schemas>;

describe('the models of @learnkit/oneroster', () => {
  it('are assignable both ways with the openapi-typescript type of their schema', () => {
    expectTypeOf<Models.OneRosterAcademicSession>().toExtend<Schemas['AcademicSession']>();
    expectTypeOf<Schemas['AcademicSession']>().toExtend<Models.OneRosterAcademicSession>();
    expectTypeOf<Models.OneRosterAcademicSessionInput>().toExtend<Schemas['AcademicSessionInput']>();
    expectTypeOf<Schemas['AcademicSessionInput']>().toExtend<Models.OneRosterAcademicSessionInput>();
    expectTypeOf<Models.OneRosterAssessmentLineItem>().toExtend<Schemas['AssessmentLineItem']>();
    expectTypeOf<Schemas['AssessmentLineItem']>().toExtend<Models.OneRosterAssessmentLineItem>();
    expectTypeOf<Models.OneRosterAssessmentLineItemInput>().toExtend<Schemas['AssessmentLineItemInput']>();
    expectTypeOf<Schemas['AssessmentLineItemInput']>().toExtend<Models.OneRosterAssessmentLineItemInput>();
    expectTypeOf<Models.OneRosterAssessmentResult>().toExtend<Schemas['AssessmentResult']>();
    expectTypeOf<Schemas['AssessmentResult']>().toExtend<Models.OneRosterAssessmentResult>();
    expectTypeOf<Models.OneRosterAssessmentResultInput>().toExtend<Schemas['AssessmentResultInput']>();
    expectTypeOf<Schemas['AssessmentResultInput']>().toExtend<Models.OneRosterAssessmentResultInput>();
    expectTypeOf<Models.OneRosterCategory>().toExtend<Schemas['Category']>();
    expectTypeOf<Schemas['Category']>().toExtend<Models.OneRosterCategory>();
    expectTypeOf<Models.OneRosterCategoryInput>().toExtend<Schemas['CategoryInput']>();
    expectTypeOf<Schemas['CategoryInput']>().toExtend<Models.OneRosterCategoryInput>();
    expectTypeOf<Models.OneRosterClass>().toExtend<Schemas['Class']>();
    expectTypeOf<Schemas['Class']>().toExtend<Models.OneRosterClass>();
    expectTypeOf<Models.OneRosterClassEnrollmentInput>().toExtend<Schemas['ClassEnrollmentInput']>();
    expectTypeOf<Schemas['ClassEnrollmentInput']>().toExtend<Models.OneRosterClassEnrollmentInput>();
    expectTypeOf<Models.OneRosterClassInput>().toExtend<Schemas['ClassInput']>();
    expectTypeOf<Schemas['ClassInput']>().toExtend<Models.OneRosterClassInput>();
    expectTypeOf<Models.OneRosterClassUpdate>().toExtend<Schemas['ClassUpdate']>();
    expectTypeOf<Schemas['ClassUpdate']>().toExtend<Models.OneRosterClassUpdate>();
    expectTypeOf<Models.OneRosterComponentResource>().toExtend<Schemas['ComponentResource']>();
    expectTypeOf<Schemas['ComponentResource']>().toExtend<Models.OneRosterComponentResource>();
    expectTypeOf<Models.OneRosterComponentResourceInput>().toExtend<Schemas['ComponentResourceInput']>();
    expectTypeOf<Schemas['ComponentResourceInput']>().toExtend<Models.OneRosterComponentResourceInput>();
    expectTypeOf<Models.OneRosterCourse>().toExtend<Schemas['Course']>();
    expectTypeOf<Schemas['Course']>().toExtend<Models.OneRosterCourse>();
    expectTypeOf<Models.OneRosterCourseComponent>().toExtend<Schemas['CourseComponent']>();
    expectTypeOf<Schemas['CourseComponent']>().toExtend<Models.OneRosterCourseComponent>();
    expectTypeOf<Models.OneRosterCourseComponentInput>().toExtend<Schemas['CourseComponentInput']>();
    expectTypeOf<Schemas['CourseComponentInput']>().toExtend<Models.OneRosterCourseComponentInput>();
    expectTypeOf<Models.OneRosterCourseInput>().toExtend<Schemas['CourseInput']>();
    expectTypeOf<Schemas['CourseInput']>().toExtend<Models.OneRosterCourseInput>();
    expectTypeOf<Models.OneRosterDecryptedCredential>().toExtend<Schemas['DecryptedCredential']>();
    expectTypeOf<Schemas['DecryptedCredential']>().toExtend<Models.OneRosterDecryptedCredential>();
    expectTypeOf<Models.OneRosterDemographics>().toExtend<Schemas['Demographics']>();
    expectTypeOf<Schemas['Demographics']>().toExtend<Models.OneRosterDemographics>();
    expectTypeOf<Models.OneRosterDemographicsInput>().toExtend<Schemas['DemographicsInput']>();
    expectTypeOf<Schemas['DemographicsInput']>().toExtend<Models.OneRosterDemographicsInput>();
    expectTypeOf<Models.OneRosterEnrollment>().toExtend<Schemas['Enrollment']>();
    expectTypeOf<Schemas['Enrollment']>().toExtend<Models.OneRosterEnrollment>();
    expectTypeOf<Models.OneRosterEnrollmentInput>().toExtend<Schemas['EnrollmentInput']>();
    expectTypeOf<Schemas['EnrollmentInput']>().toExtend<Models.OneRosterEnrollmentInput>();
    expectTypeOf<Models.OneRosterEnrollmentUpdate>().toExtend<Schemas['EnrollmentUpdate']>();
    expectTypeOf<Schemas['EnrollmentUpdate']>().toExtend<Models.OneRosterEnrollmentUpdate>();
    expectTypeOf<Models.OneRosterGradingPeriodInput>().toExtend<Schemas['GradingPeriodInput']>();
    expectTypeOf<Schemas['GradingPeriodInput']>().toExtend<Models.OneRosterGradingPeriodInput>();
    expectTypeOf<Models.OneRosterGUIDRef>().toExtend<Schemas['GUIDRef']>();
    expectTypeOf<Schemas['GUIDRef']>().toExtend<Models.OneRosterGUIDRef>();
    expectTypeOf<Models.OneRosterGUIDRefType>().toExtend<Schemas['GUIDRefType']>();
    expectTypeOf<Schemas['GUIDRefType']>().toExtend<Models.OneRosterGUIDRefType>();
    expectTypeOf<Models.OneRosterLearningObjectiveSet>().toExtend<Schemas['LearningObjectiveSet']>();
    expectTypeOf<Schemas['LearningObjectiveSet']>().toExtend<Models.OneRosterLearningObjectiveSet>();
    expectTypeOf<Models.OneRosterLineItem>().toExtend<Schemas['LineItem']>();
    expectTypeOf<Schemas['LineItem']>().toExtend<Models.OneRosterLineItem>();
    expectTypeOf<Models.OneRosterLineItemInput>().toExtend<Schemas['LineItemInput']>();
    expectTypeOf<Schemas['LineItemInput']>().toExtend<Models.OneRosterLineItemInput>();
    expectTypeOf<Models.OneRosterMetadata>().toExtend<Schemas['Metadata']>();
    expectTypeOf<Schemas['Metadata']>().toExtend<Models.OneRosterMetadata>();
    expectTypeOf<Models.OneRosterOrg>().toExtend<Schemas['Org']>();
    expectTypeOf<Schemas['Org']>().toExtend<Models.OneRosterOrg>();
    expectTypeOf<Models.OneRosterOrgInput>().toExtend<Schemas['OrgInput']>();
    expectTypeOf<Schemas['OrgInput']>().toExtend<Models.OneRosterOrgInput>();
    expectTypeOf<Models.OneRosterRegisteredCredentials>().toExtend<Schemas['RegisteredCredentials']>();
    expectTypeOf<Schemas['RegisteredCredentials']>().toExtend<Models.OneRosterRegisteredCredentials>();
    expectTypeOf<Models.OneRosterResource>().toExtend<Schemas['Resource']>();
    expectTypeOf<Schemas['Resource']>().toExtend<Models.OneRosterResource>();
    expectTypeOf<Models.OneRosterResourceAssignment>().toExtend<Schemas['ResourceAssignment']>();
    expectTypeOf<Schemas['ResourceAssignment']>().toExtend<Models.OneRosterResourceAssignment>();
    expectTypeOf<Models.OneRosterResourceInput>().toExtend<Schemas['ResourceInput']>();
    expectTypeOf<Schemas['ResourceInput']>().toExtend<Models.OneRosterResourceInput>();
    expectTypeOf<Models.OneRosterResult>().toExtend<Schemas['Result']>();
    expectTypeOf<Schemas['Result']>().toExtend<Models.OneRosterResult>();
    expectTypeOf<Models.OneRosterResultInput>().toExtend<Schemas['ResultInput']>();
    expectTypeOf<Schemas['ResultInput']>().toExtend<Models.OneRosterResultInput>();
    expectTypeOf<Models.OneRosterRole>().toExtend<Schemas['Role']>();
    expectTypeOf<Schemas['Role']>().toExtend<Models.OneRosterRole>();
    expectTypeOf<Models.OneRosterRoleInput>().toExtend<Schemas['RoleInput']>();
    expectTypeOf<Schemas['RoleInput']>().toExtend<Models.OneRosterRoleInput>();
    expectTypeOf<Models.OneRosterSchoolCreated>().toExtend<Schemas['SchoolCreated']>();
    expectTypeOf<Schemas['SchoolCreated']>().toExtend<Models.OneRosterSchoolCreated>();
    expectTypeOf<Models.OneRosterSchoolInput>().toExtend<Schemas['SchoolInput']>();
    expectTypeOf<Schemas['SchoolInput']>().toExtend<Models.OneRosterSchoolInput>();
    expectTypeOf<Models.OneRosterScoreScale>().toExtend<Schemas['ScoreScale']>();
    expectTypeOf<Schemas['ScoreScale']>().toExtend<Models.OneRosterScoreScale>();
    expectTypeOf<Models.OneRosterScoreScaleInput>().toExtend<Schemas['ScoreScaleInput']>();
    expectTypeOf<Schemas['ScoreScaleInput']>().toExtend<Models.OneRosterScoreScaleInput>();
    expectTypeOf<Models.OneRosterScoreScaleValue>().toExtend<Schemas['ScoreScaleValue']>();
    expectTypeOf<Schemas['ScoreScaleValue']>().toExtend<Models.OneRosterScoreScaleValue>();
    expectTypeOf<Models.OneRosterSourcedIdPairs>().toExtend<Schemas['SourcedIdPairs']>();
    expectTypeOf<Schemas['SourcedIdPairs']>().toExtend<Models.OneRosterSourcedIdPairs>();
    expectTypeOf<Models.OneRosterSourcedIdRef>().toExtend<Schemas['SourcedIdRef']>();
    expectTypeOf<Schemas['SourcedIdRef']>().toExtend<Models.OneRosterSourcedIdRef>();
    expectTypeOf<Models.OneRosterSourcedIdRefInput>().toExtend<Schemas['SourcedIdRefInput']>();
    expectTypeOf<Schemas['SourcedIdRefInput']>().toExtend<Models.OneRosterSourcedIdRefInput>();
    expectTypeOf<Models.OneRosterStatus>().toExtend<Schemas['Status']>();
    expectTypeOf<Schemas['Status']>().toExtend<Models.OneRosterStatus>();
    expectTypeOf<Models.OneRosterStudentCredentialsInput>().toExtend<Schemas['StudentCredentialsInput']>();
    expectTypeOf<Schemas['StudentCredentialsInput']>().toExtend<Models.OneRosterStudentCredentialsInput>();
    expectTypeOf<Models.OneRosterTypedGUIDRef>().toExtend<Schemas['TypedGUIDRef']>();
    expectTypeOf<Schemas['TypedGUIDRef']>().toExtend<Models.OneRosterTypedGUIDRef>();
    expectTypeOf<Models.OneRosterUnstatedBody>().toExtend<Schemas['UnstatedBody']>();
    expectTypeOf<Schemas['UnstatedBody']>().toExtend<Models.OneRosterUnstatedBody>();
    expectTypeOf<Models.OneRosterUser>().toExtend<Schemas['User']>();
    expectTypeOf<Schemas['User']>().toExtend<Models.OneRosterUser>();
    expectTypeOf<Models.OneRosterUserCreated>().toExtend<Schemas['UserCreated']>();
    expectTypeOf<Schemas['UserCreated']>().toExtend<Models.OneRosterUserCreated>();
    expectTypeOf<Models.OneRosterUserId>().toExtend<Schemas['UserId']>();
    expectTypeOf<Schemas['UserId']>().toExtend<Models.OneRosterUserId>();
    expectTypeOf<Models.OneRosterUserInput>().toExtend<Schemas['UserInput']>();
    expectTypeOf<Schemas['UserInput']>().toExtend<Models.OneRosterUserInput>();
    expectTypeOf<Models.OneRosterUserProfile>().toExtend<Schemas['UserProfile']>();
    expectTypeOf<Schemas['UserProfile']>().toExtend<Models.OneRosterUserProfile>();
    expectTypeOf<Models.OneRosterUserProfileCredential>().toExtend<Schemas['UserProfileCredential']>();
    expectTypeOf<Schemas['UserProfileCredential']>().toExtend<Models.OneRosterUserProfileCredential>();
    expectTypeOf<Models.OneRosterUserProfileCredentialInput>().toExtend<
      Schemas['UserProfileCredentialInput']
    >();
    expectTypeOf<
      Schemas['UserProfileCredentialInput']
    >().toExtend<Models.OneRosterUserProfileCredentialInput>();
    expectTypeOf<Models.OneRosterUserProfileInput>().toExtend<Schemas['UserProfileInput']>();
    expectTypeOf<Schemas['UserProfileInput']>().toExtend<Models.OneRosterUserProfileInput>();
    expectTypeOf<Models.OneRosterUserWithDemographics>().toExtend<Schemas['UserWithDemographics']>();
    expectTypeOf<Schemas['UserWithDemographics']>().toExtend<Models.OneRosterUserWithDemographics>();
  });

  it('are each checked above: the table names every model generated/models.ts declares', () => {
    const source = readFileSync(new URL('../src/generated/models.ts', import.meta.url), 'utf8');
    const declared = [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]);
    expect(Object.keys(SCHEMA_OF).sort()).toEqual(declared.sort());
  });
});
