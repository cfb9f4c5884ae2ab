import { useTranslation } from 'react-i18next';
import { type Assigned, type AssignmentFilter, responsiblesIn, tagsIn } from './assignment-filter';

/** The tag and responsible-accountant choices over these rows (the board list's and the portfolio's). */
export function AssignmentFilterFields({
  rows,
  value,
  onChange,
  testId,
}: {
  rows: readonly Assigned[];
  value: AssignmentFilter;
  onChange: (patch: Partial<AssignmentFilter>) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const choices = [
    {
      field: 'tag',
      label: t('portfolio.tag'),
      all: t('portfolio.allTags'),
      options: tagsIn(rows).map((tag) => [tag, tag]),
    },
    {
      field: 'responsible',
      label: t('portfolio.responsible'),
      all: t('portfolio.everyone'),
      options: responsiblesIn(rows),
    },
  ] as const;
  return (
    <>
      {choices.map(({ field, label, all, options }) => (
        <select
          key={field}
          className="select select--small"
          aria-label={label}
          value={value[field]}
          onChange={(e) => onChange(field === 'tag' ? { tag: e.target.value } : { responsible: e.target.value })}
          data-testid={`${testId}-${field}`}
        >
          <option value="">{all}</option>
          {options.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      ))}
    </>
  );
}
