/** Enumerations shared by the schema, the routers' inputs and the web (no ORM import here). */
export const roles = ["owner", "admin", "member"] as const;
export type Role = (typeof roles)[number];

export const stageKinds = ["open", "won", "lost"] as const;

export const feedbackCategories = ["bug", "idea", "praise", "other"] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];
export const feedbackStatuses = ["new", "planned", "done", "dismissed"] as const;
