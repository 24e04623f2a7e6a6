import type { HttpClient } from '@learnkit/core';
import type { paths } from './generated';

/** The core HTTP client typed with the platform paths (the umbrella's shared client is cast to this view). */
export type PlatformHttp = HttpClient<paths>;
