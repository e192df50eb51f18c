import { Select } from "../../ui/input";
import {
  categoryMeta,
  feedbackCategories,
  feedbackStatuses,
  statusMeta,
  type FeedbackCategory,
  type FeedbackStatus,
} from "./feedback-labels";

export type FeedbackFilter = { category: FeedbackCategory | "all"; status: FeedbackStatus | "all" };

type FeedbackFiltersProps = {
  filter: FeedbackFilter;
  onChange: (filter: FeedbackFilter) => void;
  shown: number;
  total: number;
};

export function FeedbackFilters({ filter, onChange, shown, total }: FeedbackFiltersProps) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <div className="w-40">
        <Select
          name="category"
          aria-label="Filter by category"
          value={filter.category}
          onChange={(e) => onChange({ ...filter, category: e.target.value as FeedbackFilter["category"] })}
        >
          <option value="all">All categories</option>
          {feedbackCategories.map((value) => (
            <option key={value} value={value}>
              {categoryMeta[value].label}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-40">
        <Select
          name="status"
          aria-label="Filter by status"
          value={filter.status}
          onChange={(e) => onChange({ ...filter, status: e.target.value as FeedbackFilter["status"] })}
        >
          <option value="all">All statuses</option>
          {feedbackStatuses.map((value) => (
            <option key={value} value={value}>
              {statusMeta[value].label}
            </option>
          ))}
        </Select>
      </div>
      <span className="ml-auto text-xs text-muted tabular-nums" data-testid="feedback-count">
        {shown === total ? `${total} ${total === 1 ? "item" : "items"}` : `${shown} of ${total}`}
      </span>
    </div>
  );
}
