/** /team with a member's activity open beside the table. */
export const teamMemberPath = (userId: string) => `/team?member=${encodeURIComponent(userId)}`;
