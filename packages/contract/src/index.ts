/**
 * @packageDocumentation
 * `@learnkit/contract`: checks HTTP requests, responses and webhook deliveries against the platform's
 * OpenAPI documents in `openapi/`, with a JSON Schema 2020-12 validator (Ajv). Private: tests only.
 */
export { Contract, loadContract, loadControlContract } from './contract.js';
export { CONTROL_DOCUMENT, DOCUMENT_NAMES, readDocuments } from './documents.js';
export { attachContract, ContractRecorder, contractFetch } from './recorder.js';
export {
  type ContractIssue,
  type ContractResult,
  formatResult,
  type RequestLike,
  type ResponseLike,
  toRequestLike,
  toResponseLike,
} from './types.js';
