/** "gave you a task: Call Ann back", "gave you 3 tasks: Follow-up call and 2 more". */
export function noticeWords({ count, title }: { count: number; title: string }) {
  return count === 1
    ? { did: "gave you a task", what: title }
    : { did: `gave you ${count} tasks`, what: `${title} and ${count - 1} more` };
}
