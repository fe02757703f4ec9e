import { hash } from 'node:crypto';
import type { Sha256Hex } from '@tidemark/core';

/**
 * The runtime's native SHA-256 for the core's settlement records: the same digest as the core's
 * portable one, several times faster, and a settler hashes a record per order (one-shot: no Hash
 * object built and finished an order).
 */
export const nativeSha256Hex: Sha256Hex = (text) => hash('sha256', text, 'hex');
