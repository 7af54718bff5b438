/**
 * Step 1's plate numbers: the numbers the buyer chose (from the home page's check, or typed
 * here and checked), each one a plate, or none — then every number is allocated at approval.
 * A number is added only once the server says it is free; the server checks it again, and
 * holds it, when the application is submitted (docs/plate-numbers.md).
 */
import { Box, Button, Flex, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { REQUESTABLE_NUMBER_PATTERN } from '#domain/plates/requestable-number';
import { CHOSEN_NUMBER_PARAM } from '../../plate-check/apply-for-number';
import { normalisePlateInput, parsePlateNumber, PLATE_NUMBER_MAX_LENGTH } from '#domain/plates/plate-number';
import { paths, withPlate } from '../../config/paths';
import { PlainField, PlainFieldset, TextInput } from '../../components/plain-field';
import type { Availability } from '../../plate-check/number-availability';

export { ChosenNumbersSummary } from '../../applications/chosen-numbers-summary';

// Asked for only when the buyer adds a number, not with the wizard's first load.
const availability = () => import('../../plate-check/number-availability');

interface ChosenNumbersFieldProps {
  numbers: readonly string[];
  error?: string;
  /** The numbers chosen now. */
  onChange: (numbers: string[]) => void;
}

/** Why a checked number cannot be added, in the buyer's words, with a link where there is somewhere to go. */
function refusalOf(answer: Availability): { text: string; link?: { to: string; label: string } } | null {
  const plate = answer.plateNumber;
  switch (answer.availability) {
    case 'free':
      return null;
    case 'for-sale':
      return {
        text: `${plate} is for sale in the marketplace: buy it there.`,
        link: { to: withPlate(paths.marketplace, plate), label: 'View it in the marketplace' },
      };
    case 'reserved':
    case 'sold':
      return { text: `${plate} is ${answer.availability} in the marketplace.` };
    case 'registered':
      return { text: `${plate} is already registered.` };
    case 'allocated':
      return { text: `${plate} is taken.` };
    case 'held':
      return { text: `${plate} is held: another buyer has applied for it.` };
    case 'not-offered':
      return { text: answer.reason ?? `${plate} is not offered.` };
    case 'offline':
    case 'error':
      return { text: answer.message };
  }
}

export function ChosenNumbersField({ numbers, error, onChange }: ChosenNumbersFieldProps) {
  const [typed, setTyped] = useState('');
  const [isChecking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<ReturnType<typeof refusalOf>>(null);

  async function add() {
    const parsed = parsePlateNumber(typed);
    if (!parsed.ok) {
      setRefusal({ text: parsed.error });
      return;
    }
    if (numbers.includes(parsed.value)) {
      setTyped('');
      return;
    }
    setChecking(true);
    try {
      const answer = await (await availability()).checkAvailability(parsed.value);
      const refused = refusalOf(answer);
      setRefusal(refused);
      if (!refused) {
        onChange([...numbers, answer.plateNumber]);
        setTyped('');
      }
    } finally {
      setChecking(false);
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the number; it must not submit the step.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void add();
  }

  return (
    <PlainFieldset
      legend="Plate numbers"
      helper="We allocate a number for each plate, or choose your own: each chosen number is one of your plates."
    >
      <Stack gap="3">
        {numbers.length > 0 ? (
          <Stack as="ul" aria-label="Chosen numbers" listStyle="none" gap="2">
            {numbers.map((number) => (
              <li key={number}>
                <Flex align="center" gap="3" borderWidth="1px" rounded="md" px="3" py="2" wrap="wrap">
                  <Text fontFamily="mono" fontWeight="bold" letterSpacing="wide" flex="1">
                    {number}
                  </Text>
                  <Button
                    type="button"
                    size="xs"
                    variant="outline"
                    onClick={() => onChange(numbers.filter((chosen) => chosen !== number))}
                  >
                    Remove<Box srOnly> {number}</Box>
                  </Button>
                </Flex>
              </li>
            ))}
          </Stack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No number chosen: we allocate one for each plate.
          </Text>
        )}
        <Flex gap="3" align="flex-end" direction={{ base: 'column', sm: 'row' }}>
          <Box flex="1" width="full">
            <PlainField label="Choose a number" error={error ?? refusal?.text ?? null} helper="e.g. ZM-500-MWB">
              {(control) => (
                <TextInput
                  {...control}
                  name="chosenNumber"
                  value={typed}
                  maxLength={PLATE_NUMBER_MAX_LENGTH}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  fontFamily="mono"
                  onKeyDown={handleKeyDown}
                  onChange={(event) => {
                    setTyped(normalisePlateInput(event.target.value));
                    setRefusal(null);
                  }}
                />
              )}
            </PlainField>
          </Box>
          <Button
            type="button"
            variant="outline"
            colorPalette="brand"
            loading={isChecking}
            loadingText="Checking..."
            onClick={() => void add()}
            alignSelf={{ base: 'stretch', sm: 'flex-end' }}
          >
            Add number
          </Button>
        </Flex>
        {refusal?.link && !error && (
          <ChakraLink asChild colorPalette="brand" fontWeight="semibold" fontSize="sm">
            <Link to={refusal.link.to}>{refusal.link.label}</Link>
          </ChakraLink>
        )}
      </Stack>
    </PlainFieldset>
  );
}

/**
 * Opened from a check of a free number (/buy-process?number=ZM-500-MWB): that number is
 * chosen, and taken out of the address once kept in the draft, so a later removal is not
 * undone by a reload. The server checks it again, and holds it, when the application is submitted.
 */
export function NumberFromAddress({ numbers, onChange }: Pick<ChosenNumbersFieldProps, 'numbers' | 'onChange'>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const inAddress = searchParams.get(CHOSEN_NUMBER_PARAM);
  useEffect(() => {
    if (inAddress === null) return;
    const parsed = parsePlateNumber(inAddress);
    if (parsed.ok && REQUESTABLE_NUMBER_PATTERN.test(parsed.value) && !numbers.includes(parsed.value))
      onChange([...numbers, parsed.value]);
    setSearchParams(
      (params) => {
        params.delete(CHOSEN_NUMBER_PARAM);
        return params;
      },
      { replace: true },
    );
    // Only when the address changes: the numbers are read as they were then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inAddress, onChange, setSearchParams]);
  return null;
}
