import type { Board, TagMember, TagRole } from '@saldo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { QueryState } from '../../components/query-state';
import { grantTagRole, revokeTagRole, tagMembersQuery } from './queries';

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
      <QueryState
        query={grants}
        loading="text"
        error={() => <div className="banner banner--error">{t('team.loadFailed')}</div>}
        emptyText={t('team.tagRoles.empty')}
        emptyTestId="tag-roles-empty"
      >
        {(list) => (
          <DataTable
            testId="tag-roles-list"
            rows={list}
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
                cell: (grant) => <RevokeButton grant={grant} />,
              },
            ]}
          />
        )}
      </QueryState>
    </section>
  );
}

function GrantForm({ tags, colleagues }: { tags: readonly string[]; colleagues: readonly string[] }) {
  const { t } = useTranslation();
  const ids = useId();
  const errorText = useErrorText();
  const notify = useNotify();
  const client = useQueryClient();
  const [tag, setTag] = useState(tags[0] ?? '');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TagRole>('Viewer');
  const [problem, setProblem] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: () => grantTagRole({ tag, email: email.trim(), role }),
    onSuccess: () => {
      notify('team.tagRoles.granted');
      setEmail('');
      void client.invalidateQueries({ queryKey: ['team'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setProblem(t('validation.emailInvalid'));
    setProblem(null);
    grant.mutate();
  };
  const error = problem ?? (grant.isError ? errorText(errorCodeOf(grant.error)) : null);
  return (
    <form className="tag-roles__form" onSubmit={submit} noValidate data-testid="tag-roles-form">
      <div className="field">
        <label htmlFor={`${ids}-tag`}>{t('team.tagRoles.tag')}</label>
        <select
          id={`${ids}-tag`}
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          data-testid="tag-roles-tag"
        >
          {tags.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-email`}>{t('team.tagRoles.colleague')}</label>
        <input
          id={`${ids}-email`}
          type="email"
          list={`${ids}-colleagues`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="tag-roles-email"
        />
        <datalist id={`${ids}-colleagues`}>
          {colleagues.map((address) => (
            <option key={address} value={address} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-role`}>{t('team.role')}</label>
        <select
          id={`${ids}-role`}
          value={role}
          onChange={(event) => setRole(event.target.value as TagRole)}
          data-testid="tag-roles-role"
        >
          {TAG_ROLES.map((name) => (
            <option key={name} value={name}>
              {t(`team.roles.${name}`)} – {t(`team.roleRights.${name}`)}
            </option>
          ))}
        </select>
      </div>
      <Button kind="primary" type="submit" disabled={grant.isPending} data-testid="tag-roles-grant">
        {t('team.tagRoles.grant')}
      </Button>
      {error && (
        <div className="banner banner--error tag-roles__error" role="alert" data-testid="tag-roles-error">
          {error}
        </div>
      )}
    </form>
  );
}

function RevokeButton({ grant }: { grant: TagMember }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeTagRole(grant.tag, grant.userId),
    onSuccess: () => {
      notify('team.tagRoles.revoked');
      void client.invalidateQueries({ queryKey: ['team'] });
    },
    onError: (error) => notifyError(errorCodeOf(error)),
  });
  return (
    <Button
      kind="danger"
      small
      onClick={() => revoke.mutate()}
      disabled={revoke.isPending}
      data-testid="tag-role-revoke"
      aria-label={t('team.tagRoles.revokeLabel', { tag: grant.tag, name: grant.name })}
    >
      {t('team.revoke')}
    </Button>
  );
}
