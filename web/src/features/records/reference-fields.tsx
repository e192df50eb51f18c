import { useQuery, type QueryClient } from "@tanstack/react-query";
import { normalizeDomain } from "../../../../worker/src/domain/records/normalize";
import { useRecordSearch } from "../../app/use-record-search";
import { trpc } from "../../lib/trpc";
import { Avatar } from "../../ui/avatar";
import { Badge } from "../../ui/badge";
import { ChipLine } from "../../ui/chip-line";
import type { DataTableColumn, EditOption } from "../../ui/data-table";
import type { OptionSource, PickerOption } from "../../ui/option-picker";
import { memberName, memberNameById, useMembers } from "../members/use-members";
import { useFavoritesToPick } from "../favorites/use-favorites";
import { Empty } from "./record-columns";

type RecordObject = "contact" | "company";

/** A member's name (an owner, an assignee) from the members list, read once and shared by every cell. */
export function OwnerName({ userId, avatarOnly = false }: { userId: string | null; avatarOnly?: boolean }) {
  const members = useMembers();
  if (!userId) return avatarOnly ? null : <Empty />;
  const member = members.data?.find((m) => m.userId === userId);
  if (!member)
    return avatarOnly ? null : <span className="text-muted">{members.isPending ? "…" : "Former member"}</span>;
  const name = memberName(member);
  const avatar = <Avatar name={name} photoUrl={member.photoUrl} className="size-5 text-[9px]" />;
  if (avatarOnly)
    return (
      <span title={name} aria-label={name} role="img" className="inline-flex">
        {avatar}
      </span>
    );
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      {avatar}
      <span className="truncate">{name}</span>
    </span>
  );
}

/** The organization's members to choose an owner or assignee from (filtered as you type). */
export const useMemberOptions: OptionSource = () => {
  const members = useMembers();
  return {
    loading: members.isPending,
    options: (members.data ?? []).map((member): PickerOption => ({
      value: member.userId,
      label: memberName(member),
      hint: member.displayName ? member.email : null,
      icon: <Avatar name={memberName(member)} photoUrl={member.photoUrl} className="size-5 text-[9px]" />,
    })),
  };
};

/** The members a pasted text names: by name or email, any case. */
async function membersNamed(text: string, client: QueryClient): Promise<EditOption[]> {
  const wanted = text.trim().toLowerCase();
  const members = await client.fetchQuery(trpc.organization.listMembers.queryOptions());
  return members
    .filter((member) => memberName(member).toLowerCase() === wanted || member.email.toLowerCase() === wanted)
    .map((member) => ({ value: member.userId, label: memberName(member) }));
}

/** The live companies a pasted text names: by name, any case, or by domain ("https://www.acme.com" is acme.com). */
export async function companiesNamed(text: string, client: QueryClient): Promise<EditOption[]> {
  const wanted = text.trim().toLowerCase();
  // A word with a dot is searched as a domain: the search needs every word of "https://www.acme.com" in one record.
  const domain = /^\S+\.\S+$/.test(wanted) ? normalizeDomain(wanted) : null;
  // Names that start with the text come first, shortest first: an exact name is among the first 20 found.
  const found = await client.fetchQuery({
    ...trpc.search.records.queryOptions({ query: domain ?? wanted, limit: 20, objects: ["company"] }),
    staleTime: 10_000,
  });
  return found.companies
    .filter((company) => company.name.toLowerCase() === wanted || (domain !== null && company.domain === domain))
    .map((company) => ({ value: company.id, label: company.name }));
}

/** A row's tags in its table cell, on one line. */
export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <Empty />;
  return <ChipLine items={tags} chip={(tag) => <Badge asWritten>{tag}</Badge>} />;
}

const countOf = (count: number, object: RecordObject) =>
  object === "contact" ? `${count} contact${count === 1 ? "" : "s"}` : `${count} compan${count === 1 ? "y" : "ies"}`;

/** The tags the organization uses on this object, most used first (suggestions; anything new may be typed). */
export function tagOptionsOf(object: RecordObject): OptionSource {
  return function useTagOptions() {
    const tags = useQuery({ ...trpc.tags.list.queryOptions({ object }), staleTime: 30_000 });
    return {
      loading: tags.isPending,
      options: (tags.data ?? []).map((tag) => ({ value: tag.name, label: tag.name, hint: countOf(tag.count, object) })),
    };
  };
}

/** Live companies whose name or domain matches what is typed, 150 ms after typing stops; the reader's favorite
 * companies before anything is. */
export const useCompanyOptions: OptionSource = (text) => {
  const { query, found } = useRecordSearch(text, { limit: 8, objects: ["company"], minLength: 1 });
  const favorites = useFavoritesToPick("company");
  return {
    searched: true,
    loading: found.isFetching || query !== text.trim(),
    options: query
      ? (found.data?.companies ?? []).map((company) => ({
          value: company.id,
          label: company.name,
          hint: company.domain,
        }))
      : text.trim()
        ? []
        : favorites.map((company) => ({ value: company.recordId, label: company.name, hint: company.detail })),
  };
};

type Owned = { ownerId: string | null; tags: string[] };

/** Owner and Tags: the columns every record object has, editable in place. */
export function ownershipColumns<Row extends Owned>(object: RecordObject): DataTableColumn<Row>[] {
  return [
    {
      id: "owner",
      fields: ["ownerId"],
      header: "Owner",
      width: 170,
      // By the owner's name (the server keeps it with the record), those without one last.
      sortField: "owner",
      cell: (row) => <OwnerName userId={row.ownerId} />,
      copyText: (row) => (row.ownerId ? (memberNameById(row.ownerId) ?? "") : ""),
      editor: {
        kind: "lookup",
        field: "ownerId",
        label: "Owner",
        useOptions: useMemberOptions,
        resolve: membersNamed,
        clearable: true,
      },
    },
    {
      id: "tags",
      fields: ["tags"],
      header: "Tags",
      width: 180,
      cell: (row) => <TagList tags={row.tags} />,
      editor: { kind: "tags", field: "tags", label: "Tags", useOptions: tagOptionsOf(object) },
    },
  ];
}
