import type { Board, TagRole } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/button';
import { Choice } from '../../components/choice';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { grantTagRole, revokeTagRole, tagMembersQuery } from './queries';
import { TeamActionButton, TeamTable, useTeamMutation } from './team-parts';

const TAG_ROLES: readonly TagRole[] = ['Viewer', 'Editor'];

/** The tags on the user's own boards, each once, in the order people read them. */
export const ownTags = (boards: readonly Board[]) =>
  [...new Set(boards.filter((b) => b.role === 'owner').flatMap((b) => b.tags ?? []))].sort((a, b) =>
    a.localeCompare(b, 'nb'),
  );

/**
 * The team page's "Roles on tags": give a colleague (someone on one of the user's boards already) a
 * role on a tag, and so on every board of the user's with it, now and later; and take it back. Shown to
 * a user who owns boards: only the owner gives roles on their tags.
 */
export function TagRoles({ boards, colleagues }: { boards: readonly Board[]; colleagues: readonly string[] }) {
  const { t } = useTranslation();
  const grants = useQuery(tagMembersQuery);
  const tags = ownTags(boards);
  return (
    <section className="card card__body team-section" data-testid="tag-roles">
      <h2 className="card__title">{t('team.tagRoles.title')}</h2>
      <p className="muted">{t('team.tagRoles.intro')}</p>
      {tags.length === 0 ? (
        <p className="muted" data-testid="tag-roles-no-tags">
          {t('team.tagRoles.noTags')}
        </p>
      ) : (
        <GrantForm tags={tags} colleagues={colleagues} />
      )}
      <TeamTable
        query={grants}
        emptyText={t('team.tagRoles.empty')}
        emptyTestId="tag-roles-empty"
        testId="tag-roles-list"
        rowKey={(grant) => `${grant.tag}\u0000${grant.userId}`}
        rowProps={(grant) => ({ 'data-testid': 'tag-role', 'data-tag': grant.tag, 'data-email': grant.email })}
        columns={[
          { header: t('team.tagRoles.tag'), cell: (grant) => <span className="chip">{grant.tag}</span> },
          {
            header: t('team.name'),
            cell: (grant) => (
              <>
                {grant.name}
                <div className="muted small">{grant.email}</div>
              </>
            ),
          },
          { header: t('team.role'), cell: (grant) => t(`team.roles.${grant.role}`) },
          { header: t('team.boards'), cell: (grant) => t('team.tagRoles.boards', { count: grant.boards }) },
          {
            label: t('embed.actions'),
            cellClassName: 'data-table__actions',
            cell: (grant) => (
              <TeamActionButton
                run={() => revokeTagRole(grant.tag, grant.userId)}
                notice="team.tagRoles.revoked"
                label="team.revoke"
                kind="danger"
                testId="tag-role-revoke"
                ariaLabel={t('team.tagRoles.revokeLabel', { tag: grant.tag, name: grant.name })}
              />
            ),
          },
        ]}
      />
    </section>
  );
}

interface Grant {
  tag: string;
  email: string;
  role: TagRole;
}

function GrantForm({ tags, colleagues }: { tags: readonly string[]; colleagues: readonly string[] }) {
  const { t } = useTranslation();
  const ids = useId();
  const errorText = useErrorText();
  const [values, setValues] = useState<Grant>({ tag: tags[0] ?? '', email: '', role: 'Viewer' });
  const [problem, setProblem] = useState<string | null>(null);
  const grant = useTeamMutation(
    () => grantTagRole({ ...values, email: values.email.trim() }),
    'team.tagRoles.granted',
    { onDone: () => setValues((v) => ({ ...v, email: '' })) },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) return setProblem(t('validation.emailInvalid'));
    setProblem(null);
    grant.mutate();
  };
  const error = problem ?? (grant.isError ? errorText(errorCodeOf(grant.error)) : null);
  return (
    <form className="tag-roles__form" onSubmit={submit} noValidate data-testid="tag-roles-form">
      <Choice
        label={t('team.tagRoles.tag')}
        value={values.tag}
        options={tags.map((tag) => [tag, tag] as const)}
        onChange={(tag) => setValues({ ...values, tag })}
        testId="tag-roles-tag"
      />
      <label className="field">
        <span>{t('team.tagRoles.colleague')}</span>
        <input
          type="email"
          list={`${ids}-colleagues`}
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
          data-testid="tag-roles-email"
        />
        <datalist id={`${ids}-colleagues`}>
          {colleagues.map((address) => (
            <option key={address} value={address} />
          ))}
        </datalist>
      </label>
      <Choice
        label={t('team.role')}
        value={values.role}
        options={TAG_ROLES.map(
          (role) => [role, `${t(`team.roles.${role}`)} – ${t(`team.roleRights.${role}`)}`] as const,
        )}
        onChange={(role) => setValues({ ...values, role })}
        testId="tag-roles-role"
      />
      <SubmitButton busy={grant.isPending} data-testid="tag-roles-grant">
        {t('team.tagRoles.grant')}
      </SubmitButton>
      {error && (
        <div className="banner banner--error tag-roles__error" role="alert" data-testid="tag-roles-error">
          {error}
        </div>
      )}
    </form>
  );
}
