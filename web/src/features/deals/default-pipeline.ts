/**
 * The stages every workspace starts with, as worker/src/domain/default-pipeline.ts creates them.
 * Shown while there is no procedure to read pipelines; replace with a query when there is one.
 */
export const defaultStages = [
  { name: "Lead", probability: 10, kind: "open" },
  { name: "Qualified", probability: 25, kind: "open" },
  { name: "Proposal", probability: 50, kind: "open" },
  { name: "Negotiation", probability: 75, kind: "open" },
  { name: "Won", probability: 100, kind: "won" },
  { name: "Lost", probability: 0, kind: "lost" },
] as const;
