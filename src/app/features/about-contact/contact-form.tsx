/**
 * The 'Send us a Message' form. Validation messages come from the domain schema; sending
 * goes through send-contact-message.ts, so the message is on the device before anything
 * is tried over the network. Both (the rules, and the device's store behind the sending)
 * load once the page is idle or with the first send, not with the page.
 */
import { Box, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useRef, useState } from 'react';
import { CONTACT_THANK_YOU } from '#domain/contact/contact-reply';
import { validate } from '#domain/validation/validate';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { PlainField, TextArea, TextInput } from '../../components/plain-field';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { useUnsavedWork } from '../../pwa/unsaved-work';
import { SAVED_FOR_LATER } from '../../sync/sync-status';
import type { ContactField } from './send-contact-message';

const rules = onDemand(() => import('#domain/contact/contact-message').then((module) => module.contactMessageSchema));
const sending = onDemand(() => import('./send-contact-message'));

type Values = Record<ContactField, string>;
type Errors = Partial<Record<ContactField, string>>;

const EMPTY: Values = { name: '', email: '', subject: '', message: '' };

type Result = { kind: 'sent' } | { kind: 'queued' } | { kind: 'failed'; message: string } | null;

export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Result>(null);
  const [isSending, setSending] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const rejectedEntryId = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const isDirty = Object.values(values).some((value) => value.trim() !== '');
  useUnsavedWork(isDirty);

  useFocusFirstInvalid(formRef, failedAttempts);

  function change(field: ContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    setResult(null);
    // Fetched once the page was idle, so normally here already.
    const loaded = await Promise.all([rules.load(), sending.load()]).catch(() => null);
    if (!loaded) return setResult({ kind: 'failed', message: NOT_LOADED });
    const [schema, { discardRejectedContactMessage, sendContactMessage }] = loaded;
    const checked = validate(schema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailedAttempts((count) => count + 1);
      return;
    }
    setSending(true);
    try {
      // A corrected message replaces the one the server refused, instead of sitting beside it.
      if (rejectedEntryId.current) await discardRejectedContactMessage(rejectedEntryId.current);
      rejectedEntryId.current = null;
      const outcome = await sendContactMessage(checked.value);
      if (outcome.status === 'rejected') {
        rejectedEntryId.current = outcome.entryId;
        const hasFieldMessages = Object.keys(outcome.fields).length > 0;
        setErrors(outcome.fields);
        if (!hasFieldMessages) setResult({ kind: 'failed', message: outcome.reason });
        setFailedAttempts((count) => count + 1);
        return;
      }
      setValues(EMPTY);
      setErrors({});
      // Shown in the form's own live region (no toast as well: screen readers would hear it twice).
      setResult({ kind: outcome.status });
    } catch {
      // Only a failure of the device's own storage lands here; the input is still in the form.
      setResult({ kind: 'failed', message: 'Your message could not be saved on this device. Please try again.' });
    } finally {
      setSending(false);
    }
  }

  return (
    <chakra.form ref={formRef} onSubmit={submit} noValidate aria-labelledby="contact-form-heading">
      <Stack gap="4">
        <Heading as="h2" id="contact-form-heading" size="lg">
          Send us a Message
        </Heading>
        <PlainField label="Name" error={errors.name} required>
          {(control) => (
            <TextInput
              {...control}
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={(event) => change('name', event.target.value)}
            />
          )}
        </PlainField>
        <PlainField label="Email" error={errors.email} required>
          {(control) => (
            <TextInput
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
            />
          )}
        </PlainField>
        <PlainField label="Subject" error={errors.subject} required>
          {(control) => (
            <TextInput
              {...control}
              name="subject"
              value={values.subject}
              onChange={(event) => change('subject', event.target.value)}
            />
          )}
        </PlainField>
        <PlainField label="Message" error={errors.message} required>
          {(control) => (
            <TextArea
              {...control}
              name="message"
              rows={5}
              value={values.message}
              onChange={(event) => change('message', event.target.value)}
            />
          )}
        </PlainField>

        {/* Kept in the page at all times so that screen readers announce what appears in it. */}
        <Box role="status" aria-live="polite">
          {(result?.kind === 'sent' || result?.kind === 'queued') && (
            <Box bg="green.subtle" color="green.fg" borderWidth="1px" borderColor="green.muted" rounded="md" p="4">
              <Text fontWeight="medium">{CONTACT_THANK_YOU}</Text>
              {result.kind === 'queued' && <Text mt="1">{SAVED_FOR_LATER}</Text>}
            </Box>
          )}
        </Box>
        <Box role="alert">
          {result?.kind === 'failed' && (
            <Box bg="red.subtle" color="red.fg" borderWidth="1px" borderColor="red.muted" rounded="md" p="4">
              <Text>{result.message}</Text>
            </Box>
          )}
        </Box>

        <Button
          type="submit"
          colorPalette="brand"
          loading={isSending}
          loadingText="Sending…"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        >
          Send Message
        </Button>
      </Stack>
    </chakra.form>
  );
}
