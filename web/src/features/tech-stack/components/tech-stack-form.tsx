import type { CategoryAdoption } from '@/lib/api/types';

import { categoryDraft, type CategoryDraft, type TechStackDraft } from '../draft';

import { CategoryAdoptionCard } from './category-adoption-card';

type TechStackFormProps = {
  items: CategoryAdoption[];
  value: TechStackDraft;
  onChange: (categoryId: number, next: CategoryDraft) => void;
  disabled?: boolean;
  /** The category headings' level: 2 under the page's title, 3 under the modal's. */
  headingLevel: 2 | 3;
};

/** The per-category tech-stack form, shared by the Tech Stack page and the My Tech Stack modal. */
export function TechStackForm({ items, value, onChange, disabled, headingLevel }: TechStackFormProps) {
  return (
    <div className="space-y-3">
      {items.map((item) => (
        <CategoryAdoptionCard
          key={item.category.id}
          item={item}
          value={categoryDraft(value, item.category.id)}
          onChange={(next) => onChange(item.category.id, next)}
          disabled={disabled}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}
