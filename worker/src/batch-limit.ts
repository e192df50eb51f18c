/**
 * Calls one HTTP request may batch. Each is a D1 round trip or more, so an unbounded batch is one
 * request doing unbounded work (300 list calls went through). The web's batch link sends at most
 * this many per request; a larger batch is BAD_REQUEST "Batch call exceeds maximum size".
 */
export const MAX_BATCH_SIZE = 50;
