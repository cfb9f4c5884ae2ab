import type { AiQueryResponse } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SubmitButton } from '../../components/button';
import { Drawer } from '../../components/drawer';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useNotifyError } from '../../components/notifications';
import { askQuestion, assistantStatusQuery, deleteQuestion, questionsKey, questionsQuery } from './queries';
import { countWords, QUESTION_WORDS, validateQuestion } from './question';
import './assistant.css';

interface AssistantPanelProps {
  boardId: string;
  from: string;
  to: string;
  lang: 'nor' | 'en';
  /** Ids of the questions already on the grid. */
  onBoard: ReadonlySet<string>;
  onAdd: (query: AiQueryResponse) => void;
  /** A Viewer asks and reads; adding answers to the board and deleting them is for those who edit it. */
  readOnly?: boolean;
  onClose: () => void;
}

/**
 * The AI assistant (spec §1): a question of 5 to 50 words about the board's data in the chosen period,
 * answered by the server's language model, kept per board; an answer can go on the grid as an AI widget.
 */
export function AssistantPanel({ boardId, from, to, lang, onBoard, onAdd, readOnly, onClose }: AssistantPanelProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const ids = useId();
  const status = useQuery(assistantStatusQuery);
  const questions = useQuery({ ...questionsQuery(boardId), enabled: status.data?.enabled === true });
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [latest, setLatest] = useState<AiQueryResponse | null>(null);

  const ask = useMutation({
    mutationFn: (text: string) => askQuestion(boardId, { question: text, startDate: from, endDate: to, lang }),
    onSuccess: (answer) => {
      setLatest(answer);
      setQuestion('');
      void queryClient.invalidateQueries({ queryKey: questionsKey(boardId) });
    },
    onError: (error) => setProblem(errorCodeOf(error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteQuestion(boardId, id),
    onSuccess: (_, id) => {
      if (latest?._id === id) setLatest(null);
      void queryClient.invalidateQueries({ queryKey: questionsKey(boardId) });
    },
    onError: (error) => notifyError(errorCodeOf(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const error = validateQuestion(question);
    setProblem(error);
    if (!error) ask.mutate(question.trim());
  };

  const words = countWords(question);
  const earlier = (questions.data ?? []).filter((item) => item._id !== latest?._id);

  return (
    // A drawer over the page: the keyboard stays in it, Escape closes it, and the focus goes back to its button.
    <Drawer
      title={t('assistant.title')}
      testId="assistant-panel"
      closeTestId="assistant-close"
      className="assistant"
      onClose={onClose}
    >
      {status.isPending ? (
        <p className="side-drawer__empty">{t('app.loading')}</p>
      ) : !status.data?.enabled ? (
        <p className="side-drawer__empty" data-testid="assistant-off">
          {errorText('AI_NOT_CONFIGURED')}
        </p>
      ) : (
        <>
          <form className="assistant__form" onSubmit={onSubmit} noValidate>
            <label htmlFor={`${ids}-question`}>{t('assistant.question')}</label>
            <textarea
              id={`${ids}-question`}
              className="assistant__question"
              value={question}
              rows={3}
              maxLength={600}
              placeholder={t('assistant.placeholder')}
              aria-invalid={problem?.startsWith('assistant.') ? true : undefined}
              onChange={(event) => {
                setQuestion(event.target.value);
                setProblem(null);
              }}
              data-testid="assistant-question"
            />
            <div className="assistant__meta">
              <span
                className={words > QUESTION_WORDS.max ? 'assistant__count assistant__count--over' : 'assistant__count'}
                data-testid="assistant-word-count"
              >
                {t('assistant.words', { count: words, max: QUESTION_WORDS.max })}
              </span>
              <span className="muted">
                {formatDate(from)} – {formatDate(to)}
              </span>
            </div>
            {problem && (
              <p className="field__error" role="alert" data-testid="assistant-error">
                {problem.startsWith('assistant.') ? t(problem) : errorText(problem)}
              </p>
            )}
            <SubmitButton disabled={ask.isPending} data-testid="assistant-ask">
              {ask.isPending ? t('assistant.thinking') : t('assistant.ask')}
            </SubmitButton>
          </form>
          {latest && (
            <Answer
              item={latest}
              fresh
              onBoard={onBoard.has(latest._id)}
              onAdd={onAdd}
              onDelete={remove.mutate}
              readOnly={readOnly}
            />
          )}
          {earlier.length > 0 && (
            <section className="assistant__history">
              <h3>{t('assistant.history')}</h3>
              {earlier.map((item) => (
                <Answer
                  key={item._id}
                  item={item}
                  onBoard={onBoard.has(item._id)}
                  onAdd={onAdd}
                  readOnly={readOnly}
                  onDelete={remove.mutate}
                />
              ))}
            </section>
          )}
        </>
      )}
    </Drawer>
  );
}

function Answer({
  item,
  fresh = false,
  onBoard,
  onAdd,
  onDelete,
  readOnly,
}: {
  item: AiQueryResponse;
  fresh?: boolean;
  onBoard: boolean;
  onAdd: (query: AiQueryResponse) => void;
  readOnly?: boolean | undefined;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <article
      className={`assistant__answer ${fresh ? 'assistant__answer--fresh' : ''}`}
      data-testid={fresh ? 'assistant-answer' : 'assistant-history-item'}
    >
      <p className="assistant__asked">{item.question}</p>
      <p className="assistant__text" data-testid="assistant-answer-text">
        {item.answer.text}
      </p>
      <p className="assistant__when muted">
        {formatDate(item.createdAt)} · {formatDate(item.answer.startDate)} – {formatDate(item.answer.endDate)}
      </p>
      {!readOnly && (
        <div className="assistant__actions">
          <Button kind="secondary" small disabled={onBoard} onClick={() => onAdd(item)} data-testid="assistant-add">
            {onBoard ? t('widgets.onBoard') : t('assistant.addToBoard')}
          </Button>
          <Button
            kind="danger-ghost"
            small
            // An answer on the board is read by its widget: it is removed from the board first.
            disabled={onBoard}
            title={onBoard ? t('assistant.onBoardHint') : undefined}
            onClick={() => onDelete(item._id)}
            data-testid="assistant-delete"
          >
            {t('assistant.delete')}
          </Button>
        </div>
      )}
    </article>
  );
}
