// The Node adapter is core's `toNodeListener`, re-exported here: the activity handler carries what it needs of it
// (its body limit and answers), and `getUser` gives it the user of a Node request
// (docs/decisions.md#d-i15-one-node-listener).
export {
  type NodeListener,
  type NodeListenerOptions,
  type NodeRequestLike,
  type NodeResponseLike,
  toNodeListener,
} from '@learnkit/core';
