/**
 * Buy Now's owner: the full name and NRC number the plate is to be registered to, with the
 * wizard's labels and placeholder. The registry holds the number for this NRC, and the plate
 * shop registers the plate only to it; the confirmation then says whose it will be.
 */
import { NRC_PLACEHOLDER } from '#domain/validation/identity-checks';
import type { CheckoutOwner } from '#domain/purchases/checkout-owner';
import { Box, Field, Fieldset, Input, SimpleGrid, Text } from '@chakra-ui/react';

export type OwnerField = 'ownerName' | 'ownerNrc';

interface CheckoutOwnerFieldsProps {
  name: string;
  nrc: string;
  errors: Partial<Record<OwnerField, string>>;
  onChange: (field: OwnerField, value: string) => void;
}

export function CheckoutOwnerFields({ name, nrc, errors, onChange }: CheckoutOwnerFieldsProps) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" color="fg">
        Registered owner
      </Fieldset.Legend>
      <Fieldset.HelperText>
        The person the plate is registered to, as on their NRC card. The plate shop checks it before handing the plate
        over.
      </Fieldset.HelperText>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <Field.Root invalid={Boolean(errors.ownerName)} required>
            <Field.Label>
              Full Name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="ownerName"
              autoComplete="name"
              value={name}
              onChange={(event) => onChange('ownerName', event.currentTarget.value)}
            />
            <Field.ErrorText>{errors.ownerName}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.ownerNrc)} required>
            <Field.Label>
              NRC Number <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="ownerNrc"
              autoComplete="off"
              placeholder={NRC_PLACEHOLDER}
              value={nrc}
              onChange={(event) => onChange('ownerNrc', event.currentTarget.value)}
            />
            <Field.ErrorText>{errors.ownerNrc}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

/** Whose the plate will be, said with the payment's outcome (the owner the server stored with it). */
export function OwnerConfirmation({ owner, isPaid }: { owner: CheckoutOwner; isPaid: boolean }) {
  return (
    <Box borderWidth="1px" rounded="lg" p="4" data-testid="registered-owner">
      <Text fontWeight="semibold">
        {isPaid ? 'The plate will be registered to' : 'Once paid, the plate will be registered to'}
      </Text>
      <Text>
        {owner.name}, NRC{' '}
        <Text as="span" fontFamily="mono">
          {owner.nrc}
        </Text>
      </Text>
      <Text fontSize="sm" color="fg.muted" mt="1">
        The plate shop checks this NRC when the plate is collected, and registers the plate only to it.
      </Text>
    </Box>
  );
}
