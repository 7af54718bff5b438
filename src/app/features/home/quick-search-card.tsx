/**
 * 'Quick Search & Verification' on the home page: two tabs over one plate-number value,
 * so a number typed under Check Availability is still there under Verify Plate.
 * Both actions hand the number to their own screen through the URL.
 */
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Tabs } from '../../components/tabs';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  normalisePlateInput,
  normalisePlateNumber,
  parsePlateNumber,
  PLATE_NUMBER_MAX_LENGTH,
  PLATE_NUMBER_REQUIRED,
} from '#domain/plates/plate-number';
import { QrIcon, SearchIcon, ShieldIcon } from '../../components/icons';
import { PlainField, TextInput } from '../../components/plain-field';
import { paths, withPlate } from '../../config/paths';
import { type Availability, AvailabilityAnswer, checkAvailability } from './availability-answer';

type QuickSearchTab = 'availability' | 'verify';

export function QuickSearchCard() {
  const navigate = useNavigate();
  const [plateNumber, setPlateNumber] = useState('');
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Availability | null>(null);
  // Why the typed text cannot be checked (HELLO is not a plate number), under the field.
  const [availabilityError, setAvailabilityError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);
  const verifyInputRef = useRef<HTMLInputElement>(null);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setPlateNumber(normalisePlateInput(event.target.value));
    setVerifyError(null);
    setAvailabilityError(null);
    setAnswer(null);
  }

  async function answerAvailability(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const plate = normalisePlateNumber(plateNumber);
    // A blank search simply opens the whole marketplace.
    if (plate === '') {
      navigate(paths.marketplace);
      return;
    }
    const parsed = parsePlateNumber(plate);
    if (!parsed.ok) {
      setAvailabilityError(parsed.error);
      return;
    }
    setChecking(true);
    try {
      const checked = await checkAvailability(parsed.value);
      if (checked.availability === 'error') setAvailabilityError(checked.message);
      else setAnswer(checked);
    } finally {
      setChecking(false);
    }
  }

  function verifyPlate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const plate = normalisePlateNumber(plateNumber);
    if (plate === '') {
      setVerifyError(PLATE_NUMBER_REQUIRED);
      verifyInputRef.current?.focus();
      return;
    }
    navigate(withPlate(paths.verification, plate));
  }

  const inputProps = {
    value: plateNumber,
    onChange: handleChange,
    placeholder: 'e.g. ZM-001-ABC',
    maxLength: PLATE_NUMBER_MAX_LENGTH,
    autoComplete: 'off',
    autoCapitalize: 'characters',
    spellCheck: false,
    size: 'lg',
    fontFamily: 'mono',
    letterSpacing: 'wide',
  } as const;

  return (
    <Card.Root
      size={{ base: 'sm', sm: 'md' }}
      maxW="3xl"
      mx="auto"
      shadow="lg"
      borderTopWidth="4px"
      borderTopColor="brand.600"
    >
      <Card.Header>
        <Heading as="h2" id="quick-search-heading" size={{ base: 'xl', md: '2xl' }}>
          Quick Search &amp; Verification
        </Heading>
        <Text color="fg.muted">
          Check whether a number is free to buy, or confirm that a plate on the road is genuine.
        </Text>
      </Card.Header>
      <Card.Body>
        <Tabs.Root
          defaultValue={'availability' satisfies QuickSearchTab}
          variant="enclosed"
          fitted
          size={{ base: 'sm', sm: 'md' }}
          onValueChange={() => setVerifyError(null)}
        >
          <Tabs.List>
            <Tabs.Trigger value={'availability' satisfies QuickSearchTab} px={{ base: '2', sm: '4' }}>
              <SearchIcon boxSize="4" hideBelow="sm" />
              Check Availability
            </Tabs.Trigger>
            <Tabs.Trigger value={'verify' satisfies QuickSearchTab} px={{ base: '2', sm: '4' }}>
              <ShieldIcon boxSize="4" hideBelow="sm" />
              Verify Plate
            </Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value={'availability' satisfies QuickSearchTab}>
            <Stack asChild gap="4">
              <form
                onSubmit={(event) => void answerAvailability(event)}
                noValidate
                role="search"
                aria-label="Check plate availability"
              >
                <PlainField
                  label="Plate number"
                  error={availabilityError}
                  errorFontSize="sm"
                  helper="Leave it blank to browse every plate for sale."
                >
                  {(control) => <TextInput {...control} {...inputProps} enterKeyHint="search" />}
                </PlainField>
                <Button
                  type="submit"
                  colorPalette="brand"
                  size="lg"
                  alignSelf={{ base: 'stretch', sm: 'flex-start' }}
                  loading={isChecking}
                  loadingText="Checking..."
                >
                  <SearchIcon />
                  Check Availability
                </Button>
                <div aria-live="polite">{answer && <AvailabilityAnswer answer={answer} />}</div>
              </form>
            </Stack>
          </Tabs.Content>

          <Tabs.Content value={'verify' satisfies QuickSearchTab}>
            <Stack asChild gap="4">
              <form onSubmit={verifyPlate} noValidate aria-label="Verify a plate">
                <PlainField
                  label="Plate number"
                  error={verifyError}
                  errorFontSize="sm"
                  helper="Type the number exactly as it appears on the plate."
                >
                  {(control) => <TextInput {...control} {...inputProps} ref={verifyInputRef} enterKeyHint="go" />}
                </PlainField>
                <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                  <Button type="submit" colorPalette="brand" size="lg">
                    <ShieldIcon />
                    Verify Plate
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    colorPalette="brand"
                    size="lg"
                    onClick={() => navigate(`${paths.verification}?tab=scan`)}
                  >
                    <QrIcon />
                    Scan QR Code
                  </Button>
                </Stack>
              </form>
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}
