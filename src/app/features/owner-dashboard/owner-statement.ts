/**
 * The owner's statement (View Reports): their plates and their payments as one CSV file
 * made on the device from its copy, so it downloads offline too.
 */
import { csvText } from '#domain/csv/csv-writer';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import type { LocalPayment } from '../../store/database';
import { plateStatus } from './plate-status';

export function statementCsv(
  plates: readonly OwnedPlate[],
  payments: ReadonlyArray<
    Pick<LocalPayment, 'id' | 'reference' | 'createdAt' | 'description' | 'methodName' | 'amount' | 'status'>
  >,
  today: string,
): string {
  const rows: Array<Array<string | number | null>> = [
    [`Nambala statement of ${today}`],
    [],
    ['Plates'],
    ['Plate', 'Status', 'Vehicle', 'Registered on', 'Expires on', 'Came from', 'Held since'],
    ...plates.map((plate) => [
      plate.plateNumber,
      plateStatus(plate, today).label,
      plate.registration ? `${plate.registration.colour} ${plate.registration.make} ${plate.registration.model}` : '',
      plate.registration?.registrationDate ?? '',
      plate.registration?.expiryDate ?? '',
      plate.requestReference ?? plate.sourceRef,
      plate.heldAt.slice(0, 10),
    ]),
    [],
    ['Payments'],
    ['Reference', 'Date', 'What for', 'Method', 'Amount (ZMW)', 'Status'],
    ...payments.map((payment) => [
      String(payment.reference ?? ''),
      payment.createdAt.slice(0, 10),
      String(payment.description ?? ''),
      String(payment.methodName ?? ''),
      // Kwacha with two decimals and no separators, so a spreadsheet reads a number.
      typeof payment.amount === 'number' ? (payment.amount / 100).toFixed(2) : '',
      String(payment.status ?? ''),
    ]),
  ];
  return csvText(rows);
}
