type Parented = { id: string; parentCompanyId: string | null };

/**
 * The survivor's parent company after a merge: its own, else the merged company's; the merged company itself gives
 * way to its own parent, and the survivor is never its own. Pure: the merge writes it, the merge dialog shows it.
 */
export function mergedParentId(survivor: Parented, merged: Parented): string | null {
  const parent =
    survivor.parentCompanyId === merged.id
      ? merged.parentCompanyId
      : (survivor.parentCompanyId ?? merged.parentCompanyId);
  return parent === survivor.id ? null : parent;
}
