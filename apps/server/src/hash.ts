import { hash } from 'node:crypto';
import type { Sha256Hex } from '@tidemark/core';

/**
 * The runtime's native SHA-256, one-shot (no Hash object built and finished each time): the core's
 * settlement records (the same digest as the core's portable one, several times faster; a settler
 * hashes a record per order), and each call's session token and idempotency request.
 */
export const nativeSha256Hex: Sha256Hex = (text) => hash('sha256', text, 'hex');
