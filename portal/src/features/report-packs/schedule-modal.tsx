import {
  DEFAULT_SEND_DAY,
  LAST_SEND_DAY,
  SCHEDULE_RULES,
  type ScheduleRule,
} from '@saldo/contract/report-packs/schedule';
import type { PackSchedule, PackScheduleRequest } from '@saldo/contract/schemas/pack-schedules';
import type { ReportPack } from '@saldo/contract/schemas/report-packs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/form-field';
import { useNotify } from '../../components/notifications';
import { RadioChoices } from '../../components/radio-choices';
import { PackMailModal } from './pack-mail-modal';
import { saveSchedule } from './queries';

/** The day a calendar rule sends on, as typed: a whole number from 1 to LAST_SEND_DAY, or null. */
export function sendDayOf(text: string): number | null {
  const day = Number(text.trim());
  return /^\d+$/.test(text.trim()) && day >= 1 && day <= LAST_SEND_DAY ? day : null;
}

/** The PUT's body: `day` only for a calendar rule ('when-booked' sends when the month is in). */
export function scheduleBody(
  rule: ScheduleRule,
  day: number,
  recipients: string[],
  message: string,
): PackScheduleRequest {
  const body = { rule, recipients, message: message.trim() };
  return rule === 'when-booked' ? body : { ...body, day };
}

interface ScheduleModalProps {
  boardId: string;
  pack: ReportPack;
  /** The schedule to change, or null to make one. */
  schedule: PackSchedule | null;
  onClose: () => void;
}

/**
 * Setting or changing a pack's schedule: how often (the contract's rules), the day of the month after
 * the period for a calendar rule, and the recipients and message as the send dialog takes them.
 */
export function ScheduleModal({ boardId, pack, schedule, onClose }: ScheduleModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const notify = useNotify();
  const client = useQueryClient();
  const [rule, setRule] = useState<ScheduleRule>(schedule?.rule ?? 'monthly');
  const [day, setDay] = useState(String(schedule?.day ?? DEFAULT_SEND_DAY));
  const [dayWrong, setDayWrong] = useState(false);
  const save = useMutation({
    mutationFn: (body: PackScheduleRequest) => saveSchedule(boardId, pack._id, body),
    onSuccess: (saved) => {
      notify('reportPacks.schedule.saved');
      client.setQueryData(['report-packs', boardId, pack._id, 'schedule'], saved);
      onClose();
    },
  });
  const calendar = rule !== 'when-booked';
  const limits = { first: 1, last: LAST_SEND_DAY };
  return (
    <PackMailModal
      title={t('reportPacks.schedule.dialogTitle', { name: pack.name })}
      testId="schedule"
      pending={save.isPending}
      error={save.error}
      submitLabel={t('reportPacks.schedule.submit')}
      busyLabel={t('reportPacks.schedule.saving')}
      initial={schedule ?? undefined}
      onClose={onClose}
      check={() => {
        const wrong = calendar && sendDayOf(day) === null;
        setDayWrong(wrong);
        return !wrong;
      }}
      onSubmit={(recipients, message) =>
        save.mutate(scheduleBody(rule, sendDayOf(day) ?? DEFAULT_SEND_DAY, recipients, message))
      }
      before={
        <>
          <fieldset className="report-packs__rules">
            <legend className="field__label">{t('reportPacks.schedule.ruleLabel')}</legend>
            <div className="radio-group">
              <RadioChoices
                name="rule"
                options={SCHEDULE_RULES}
                chosen={rule}
                onChoose={setRule}
                testId="schedule-rule"
                label={(value) => t(`reportPacks.schedule.choices.${value}`)}
              />
            </div>
          </fieldset>
          {calendar && (
            <Field
              id={`${id}-day`}
              name="schedule-day"
              type="number"
              min={1}
              max={LAST_SEND_DAY}
              inputMode="numeric"
              label={t('reportPacks.schedule.day')}
              hint={<p className="field__hint">{t('reportPacks.schedule.dayHint', limits)}</p>}
              value={day}
              onChange={(event) => {
                setDay(event.target.value);
                setDayWrong(false);
              }}
              error={dayWrong ? t('reportPacks.schedule.dayInvalid', limits) : null}
              data-testid="schedule-day"
            />
          )}
        </>
      }
    />
  );
}
