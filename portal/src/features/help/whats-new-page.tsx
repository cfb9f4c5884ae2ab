import { Fragment, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { toLanguage } from '../../lib/i18n';
import { type Block, type Inline, parseChangelog } from './changelog';
// What users have gained, written for them in each language (issue 27), not the developers' CHANGELOG.md.
import notesEn from './whats-new.en.md?raw';
import notesNor from './whats-new.nor.md?raw';
import './help.css';

/** The release notes of a language, read into blocks. */
export const releaseNotes = (lang: 'nor' | 'en'): Block[] => parseChangelog(lang === 'en' ? notesEn : notesNor);

/** /whats-new: what Saldo has gained, newest first, in the user's language (the help menu's "What's new"). */
export function WhatsNewPage() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const blocks = useMemo(() => releaseNotes(lang), [lang]);
  return (
    <Page testId="whats-new-page" title={t('whatsNew.title')} subtitle={t('whatsNew.intro')}>
      <article className="card changelog" data-testid="changelog">
        <ChangelogBlocks blocks={blocks} />
      </article>
    </Page>
  );
}

export function ChangelogBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the file's blocks are fixed text, never reordered
    <Fragment key={i}>{blockNode(block)}</Fragment>
  ));
}

function blockNode(block: Block): ReactNode {
  if (block.kind === 'heading')
    return block.level === 2 ? (
      <h2 className="changelog__release">
        <Text parts={block.text} />
      </h2>
    ) : (
      <h3 className="changelog__area">
        <Text parts={block.text} />
      </h3>
    );
  if (block.kind === 'paragraph')
    return (
      <p>
        <Text parts={block.text} />
      </p>
    );
  return (
    <ul>
      {block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed text, never reordered
        <li key={i}>
          <Text parts={item} />
        </li>
      ))}
    </ul>
  );
}

function Text({ parts }: { parts: Inline[] }) {
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: inline pieces of fixed text, never reordered
    <Fragment key={i}>{inlineNode(part)}</Fragment>
  ));
}

function inlineNode(part: Inline): ReactNode {
  if (part.kind === 'code') return <code>{part.text}</code>;
  if (part.kind === 'strong') return <strong>{part.text}</strong>;
  if (part.kind === 'link')
    return (
      <a href={part.href} target={part.href.startsWith('/') ? undefined : '_blank'} rel="noreferrer">
        {part.text}
      </a>
    );
  return part.text;
}
