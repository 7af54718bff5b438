/** The frame the agent's pages share: the page heading, a titled section, and a record's form with the messages above it. */
import { Alert, Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { FormMessage } from './form-message';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import type { OutboxEntry } from '../store/database';

export function PageHeader({ title, summary }: { title: string; summary?: string }) {
  return (
    <Box>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {summary && (
        <Text color="fg.muted" mt="1">
          {summary}
        </Text>
      )}
    </Box>
  );
}

/** A card with an h2; `headingId` names the form or table inside. */
export function Section({
  title,
  headingId,
  children,
  aside,
}: {
  title: string;
  headingId: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={headingId} minW="0">
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="baseline" flexWrap="wrap" gap="2">
        <Heading as="h2" size="lg" id={headingId}>
          {title}
        </Heading>
        {aside}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** Why the server refused the change being corrected, and the message of the last attempt. */
export function FormAlerts({ fixing, formMessage }: { fixing: OutboxEntry | null; formMessage: string | null }) {
  return (
    <>
      {fixing && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The server did not accept this record. Correct it and submit it again.</Alert.Title>
            <Alert.Description>{fixing.rejection ?? 'The server did not accept this change.'}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <FormMessage message={formMessage} />
    </>
  );
}

export function RequiredNote() {
  return (
    <Text fontSize="sm" color="fg.muted">
      Fields marked * are required.
    </Text>
  );
}

/** Fields disabled while their record is sent stay legible, darker than a placeholder. */
const LEGIBLE_WHEN_DISABLED = { '& :is(input, select, textarea):disabled': { opacity: 0.8 } };

interface RecordFormProps {
  /** The form's id, for a submit button outside it (a dialog's footer). */
  id?: string;
  /** The id of the heading that names the form (a dialog's form is named by the dialog). */
  headingId?: string;
  formRef: RefObject<HTMLFormElement | null>;
  /** The refused change being corrected, if any. */
  fixing: OutboxEntry | null | undefined;
  formMessage: string | null;
  /**
   * While the record is being sent: the fields hold what was sent and take no typing, so
   * nothing typed meanwhile is lost when the form is cleared for the next record.
   */
  busy: boolean;
  /** Said above everything else (for example that saving needs a connection). */
  notice?: ReactNode;
  /** Sends the record; the browser's own submit (and its validation bubbles) never runs. */
  onSubmit: () => void;
  /** The fields, and what submits them when it is inside the form. */
  children: ReactNode;
}

/**
 * A record's form, the one way the app lays it out, on a page or in a dialog: why a
 * correction is asked for and the last attempt's message, the required note, then the fields.
 * While it is `busy` its fields are disabled; the focus they lose comes back when it is done.
 */
export function RecordForm({
  id,
  headingId,
  formRef,
  fixing,
  formMessage,
  busy,
  notice,
  onSubmit,
  children,
}: RecordFormProps) {
  const focusedAtSubmit = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const focused = focusedAtSubmit.current;
    if (busy || !focused) return;
    focusedAtSubmit.current = null;
    // Disabled, the focused field let go of the focus (to the page): give it back, or to the
    // form's first field when the field is gone. Where something else took it, leave it there.
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const form = formRef.current;
    const target = focused.isConnected && form?.contains(focused) ? focused : form?.querySelector('input, select');
    if (target instanceof HTMLElement) target.focus();
  }, [busy, formRef]);
  return (
    <form
      id={id}
      ref={formRef}
      noValidate
      aria-labelledby={headingId}
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        const active = document.activeElement;
        focusedAtSubmit.current = active instanceof HTMLElement && event.currentTarget.contains(active) ? active : null;
        onSubmit();
      }}
    >
      {/* A fieldset only to disable every field at once: no border, no legend, no space of its own. */}
      <Box asChild border="0" m="0" p="0" minW="0" css={LEGIBLE_WHEN_DISABLED}>
        <fieldset disabled={busy}>
          <Stack gap="4">
            {notice}
            <FormAlerts fixing={fixing ?? null} formMessage={formMessage} />
            <RequiredNote />
            {children}
          </Stack>
        </fieldset>
      </Box>
    </form>
  );
}
