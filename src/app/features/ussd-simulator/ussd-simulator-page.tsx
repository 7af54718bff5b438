/**
 * USSD simulator (/dashboard/admin/ussd): a phone drawn on the page that dials the plate-check
 * service through the same callback a real gateway calls, step by step, as a caller with any
 * phone number would — and sends a text to the service's number, whose SMS reply is listed
 * under Sent messages. With the sandbox gateway (the default) it is the only way in; see
 * docs/ussd-and-sms.md.
 */
import { Alert, Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PageHeader, Section } from '../../components/page-parts';
import { sendText, sendUssdStep } from './ussd-simulator-api';

const DEFAULT_PHONE = '+260955000111';
const DEFAULT_SERVICE_CODE = '*384*1#';

interface Call {
  sessionId: string;
  /** Everything typed so far, the steps joined by '*', as a gateway sends it. */
  text: string;
  screen: string;
  isOpen: boolean;
}

function PhoneCall() {
  const [phone, setPhone] = useState(DEFAULT_PHONE);
  const [serviceCode, setServiceCode] = useState(DEFAULT_SERVICE_CODE);
  const [call, setCall] = useState<Call | null>(null);
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const replyField = useRef<HTMLInputElement>(null);

  const step = async (sessionId: string, text: string) => {
    setIsBusy(true);
    setError(null);
    const answer = await sendUssdStep({ sessionId, serviceCode, phoneNumber: phone, text });
    setIsBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    const isOpen = answer.answer.startsWith('CON ');
    setCall({ sessionId, text, screen: answer.answer.replace(/^(CON|END) /, ''), isOpen });
    setReply('');
    if (isOpen) requestAnimationFrame(() => replyField.current?.focus());
  };

  const dial = (event: FormEvent) => {
    event.preventDefault();
    void step(crypto.randomUUID(), '');
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!call || reply.trim() === '') return;
    void step(call.sessionId, call.text === '' ? reply.trim() : `${call.text}*${reply.trim()}`);
  };

  return (
    <Stack gap="4" maxW="sm">
      <form onSubmit={dial} aria-label="Dial the service">
        <Stack gap="3">
          <HStack gap="3" align="flex-end" wrap="wrap">
            <Field.Root flex="1" minW="40">
              <Field.Label>Phone number</Field.Label>
              <Input value={phone} onChange={(event) => setPhone(event.target.value)} inputMode="tel" />
            </Field.Root>
            <Field.Root w="28">
              <Field.Label>Service code</Field.Label>
              <Input value={serviceCode} onChange={(event) => setServiceCode(event.target.value)} />
            </Field.Root>
          </HStack>
          <Button type="submit" colorPalette="brand" loading={isBusy && call === null} alignSelf="flex-start">
            {call ? 'Hang up and dial again' : 'Dial'}
          </Button>
        </Stack>
      </form>
      <Box borderWidth="8px" borderColor="gray.800" rounded="3xl" p="4" bg="gray.900" color="green.200" maxW="xs">
        <Box
          role="status"
          aria-live="polite"
          aria-label="Phone screen"
          bg="gray.950"
          rounded="md"
          p="3"
          minH="40"
          fontFamily="mono"
          fontSize="sm"
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
        >
          {call ? call.screen : 'Dial to start a session.'}
          {call && !call.isOpen && (
            <Text mt="2" color="gray.400">
              Session ended.
            </Text>
          )}
        </Box>
        {call?.isOpen && (
          <form onSubmit={send} aria-label="Answer the phone screen">
            <HStack mt="3" gap="2" align="flex-end">
              <Field.Root flex="1">
                <Field.Label color="gray.200">Reply</Field.Label>
                <Input
                  ref={replyField}
                  value={reply}
                  onChange={(event) => setReply(event.target.value)}
                  bg="white"
                  color="gray.900"
                  autoComplete="off"
                />
              </Field.Root>
              <Button type="submit" loading={isBusy} colorPalette="brand">
                Send
              </Button>
            </HStack>
          </form>
        )}
      </Box>
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

function TextMessage() {
  const [from, setFrom] = useState(DEFAULT_PHONE);
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    const answer = await sendText({ from, text });
    setIsBusy(false);
    if (!answer.ok) setResult({ ok: false, message: answer.message });
    else if (answer.outcome === 'over-limit')
      setResult({ ok: false, message: 'This phone number is over its limit of checks: the text was not answered.' });
    else setResult({ ok: true, message: 'Text received. The reply is listed under Sent messages.' });
  };

  return (
    <form onSubmit={submit} aria-label="Text the service">
      <Stack gap="3" maxW="sm">
        <Field.Root>
          <Field.Label>From</Field.Label>
          <Input value={from} onChange={(event) => setFrom(event.target.value)} inputMode="tel" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Message</Field.Label>
          <Input value={text} onChange={(event) => setText(event.target.value)} placeholder="ZM-123-ABC" />
        </Field.Root>
        <Button type="submit" loading={isBusy} alignSelf="flex-start" variant="outline">
          Send text
        </Button>
        {result && (
          <Alert.Root status={result.ok ? 'success' : 'error'}>
            <Alert.Indicator />
            <Alert.Description>
              {result.message} {result.ok && <Link to={paths.dashboard.admin.messages}>Open Sent messages</Link>}
            </Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    </form>
  );
}

export function UssdSimulatorPage() {
  return (
    <Stack gap="6">
      <PageHeader
        title="USSD simulator"
        summary="Check a plate as a caller without a smartphone would: dial the service, answer each screen, or text a plate number. The simulator drives the same callback a USSD gateway calls."
      />
      <Section title="Dial" headingId="ussd-dial-heading">
        <PhoneCall />
      </Section>
      <Section title="Text a plate number" headingId="ussd-text-heading">
        <TextMessage />
      </Section>
    </Stack>
  );
}
