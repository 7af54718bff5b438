/**
 * Settings → Plate Number Rules: the words a chosen (personalised) number may not spell
 * (docs/plate-numbers.md). Read from the server and saved online only: the list decides
 * what the availability check and the checkout offer from the moment it is saved.
 */
import { Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import type { NumberRulesAnswer } from '#domain/api/numbers';
import { apiRequest } from '../../api/api-client';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { formatDateTime } from '../../components/format-date-time';
import { Section } from '../../components/page-parts';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { SaveOrDiscard } from './save-or-discard';
import { saveSetting } from './admin-settings-api';

type Rules = NumberRulesAnswer['settings'];

const NEEDS_CONNECTION =
  'Changing the plate number rules needs a connection. Nothing was changed; try again when you are back online.';

const parseRules = (value: unknown): Rules | null => {
  const words = (value as Partial<Rules> | null)?.offensiveWords;
  return Array.isArray(words) && words.every((word) => typeof word === 'string') ? { offensiveWords: words } : null;
};

/** One word a line (commas work too), as typed. */
const wordsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((word) => word.trim())
    .filter((word) => word !== '');

export function NumberRulesSection() {
  const isOnline = useOnlineStatus();
  const [known, setKnown] = useState<{ rules: Rules; updatedAt: string | null } | null>(null);
  const [edited, setEdited] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    void apiRequest<NumberRulesAnswer>('GET', '/api/admin/settings/numbers').then(
      (answer) => {
        const rules = answer.ok ? parseRules(answer.body.settings) : null;
        if (isCurrent && rules) setKnown({ rules, updatedAt: answer.body.updatedAt });
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [isOnline]);

  const shown = edited ?? known?.rules.offensiveWords.join('\n') ?? '';
  const isChanged = edited !== null && wordsOf(edited).join() !== known?.rules.offensiveWords.join();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setSaving(true);
    const answer = await saveSetting('numbers', { offensiveWords: wordsOf(shown) }, parseRules, NEEDS_CONNECTION);
    setSaving(false);
    if (!answer.ok) return setMessage(answer.message);
    setKnown({ rules: answer.settings, updatedAt: answer.updatedAt });
    setEdited(null);
    showToast({
      type: 'success',
      title: 'Plate number rules saved',
      description: 'Numbers spelling these words are not offered from now on.',
    });
  };

  return (
    <Section
      title="Plate Number Rules"
      headingId="number-rules-heading"
      aside={
        <Text fontSize="sm" color="fg.muted">
          {known?.updatedAt ? `In force since ${formatDateTime(known.updatedAt)}` : 'The standard list applies'}
        </Text>
      }
    >
      <form aria-labelledby="number-rules-heading" noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="5">
          <Text fontSize="sm" color="fg.muted">
            A number a buyer chooses is not offered when it spells one of these words (digits read as letters: 0 as O, 1
            as I, 5 as S), nor when it looks like a number already taken or listed (0 and O, 1 and I read alike). Words
            of three letters or fewer count only as a whole group, so ZM-CLASS is not refused for ASS.
          </Text>
          <FormField label="Words plates may not carry (one a line)" error={undefined}>
            <Textarea
              name="offensiveWords"
              rows={8}
              fontFamily="mono"
              value={shown}
              disabled={!known}
              onChange={(event) => setEdited(event.currentTarget.value.toUpperCase())}
            />
          </FormField>
          <FormMessage message={message} />
          <SaveOrDiscard
            saveLabel="Save Rules"
            isSaving={isSaving}
            isOnline={isOnline}
            isChanged={isChanged}
            onDiscard={() => {
              setEdited(null);
              setMessage(null);
            }}
          />
        </Stack>
      </form>
    </Section>
  );
}
