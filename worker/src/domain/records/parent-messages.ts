/** Why a company cannot be another's parent: it is one of that company's subsidiaries. Pure: the web says it too. */
export const loopMessage = (parentName: string) =>
  `${parentName} belongs to this company, so it cannot be its parent company.`;

/** Why the import refuses a Parent company cell naming more than one company. */
export const severalNamedMessage = (cell: string) =>
  `Parent company: several companies are named “${cell}”; give its domain instead.`;
