/** Why a company cannot be another's parent: it is one of that company's subsidiaries. Pure: the web says it too. */
export const loopMessage = (parentName: string) =>
  `${parentName} belongs to this company, so it cannot be its parent company.`;
