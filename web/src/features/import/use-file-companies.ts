import { useEffect, useMemo, useState } from "react";
import type { Mapping } from "./mapping";
import { parentHeaders, readFileCompanies, type FileCompanies } from "./parent-links";

/**
 * How a companies file's rows name each other as parent company (readFileCompanies), read in the background as soon
 * as a Parent company column is mapped: `read` for the preview once it is there (undefined meanwhile; null when no row
 * names a parent), `reading` for the import, which waits for it to send parents first.
 */
export function useFileCompanies(rows: Record<string, string>[] | undefined, mapping: Mapping) {
  const { name, domain, parent } = parentHeaders(mapping);
  // Read again only when one of its three columns is mapped otherwise.
  const reading = useMemo(
    () => (rows && parent ? readFileCompanies(rows, { name, domain, parent }) : Promise.resolve(null)),
    [rows, name, domain, parent],
  );
  const [done, setDone] = useState<{ of: Promise<FileCompanies | null>; read: FileCompanies | null } | null>(null);
  useEffect(() => {
    let current = true;
    void reading.then((read) => current && setDone({ of: reading, read }));
    return () => {
      current = false;
    };
  }, [reading]);
  return { read: done?.of === reading ? done.read : undefined, reading };
}
