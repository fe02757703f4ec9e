import type { Clock } from '@tidemark/core';

/** The wall clock; the only place the server reads it. Everything else takes the injected Clock. */
export const systemClock: Clock = () => Date.now();
