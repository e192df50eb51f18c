/** The pipeline every new organization starts with; admins reshape it in /settings/deals. */
export const defaultPipeline = {
  name: "Sales pipeline",
  stages: [
    { name: "Lead", probability: 10, kind: "open" },
    { name: "Qualified", probability: 25, kind: "open" },
    { name: "Proposal", probability: 50, kind: "open" },
    { name: "Negotiation", probability: 75, kind: "open" },
    { name: "Won", probability: 100, kind: "won" },
    { name: "Lost", probability: 0, kind: "lost" },
  ],
} as const;
