/** The Caliper 1.2 context IRI, `@context` of every event and `dataVersion` of every envelope. */
export const CALIPER_CONTEXT = 'http://purl.imsglobal.org/ctx/caliper/v1p2';
