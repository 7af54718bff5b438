/**
 * What an officer's device sends (checks made at the roadside, flags on suspect
 * plates) and the administrator's decision on a flag, which changes the plate's
 * standing in the registry and so reaches every device's revocation list.
 */
import {
  FLAG_ALREADY_DECIDED,
  FLAG_PLATE_NOT_REGISTERED,
  flagDecisionSchema,
  flagStatusAfter,
  plateFlagSchema,
  policeCheckSchema,
  standingAfter,
} from '#domain/police/police';
import { z } from 'zod';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { auditRepository } from '../repositories/audit-repository';
import { notify } from '../notifications/notify';
import { policeRepository } from '../repositories/police-repository';
import { actor, defineIntent, Refusal } from './intent';

export const recordPoliceCheck = defineIntent({
  access: 'police:check',
  payload: z.lazy(() => policeCheckSchema(Date.now())),
  async apply(context, check) {
    await policeRepository(context.tx).recordCheck(actor(context).id, check);
    return undefined;
  },
});

export const flagPlate = defineIntent({
  access: 'police:check',
  payload: plateFlagSchema,
  async apply(context, flag) {
    const officer = actor(context);
    if ((await policeRepository(context.tx).addFlag(officer.id, flag)) === 'added') {
      await auditRepository(context.tx).record({
        actorId: officer.id,
        action: 'plate.flag',
        target: flag.plateNumber,
        detail: { flagId: flag.id, suspicion: flag.suspicion },
        ip: context.ip,
      });
    }
    return undefined;
  },
});

export const decidePlateFlag = defineIntent({
  access: 'registry:manage',
  payload: flagDecisionSchema,
  async apply(context, { flagId, decision, note }) {
    const admin = actor(context);
    const police = policeRepository(context.tx);
    const flag = await police.findFlag(flagId, { forUpdate: true });
    if (!flag) throw new Refusal(404, 'This flag no longer exists.');
    if (flag.status !== 'Open') throw new Refusal(409, FLAG_ALREADY_DECIDED);
    const standing = standingAfter(decision);
    if (standing && !(await plateLifecycle(context.tx).changeStanding(flag.plateNumber, standing)))
      throw new Refusal(409, FLAG_PLATE_NOT_REGISTERED);
    const status = flagStatusAfter(decision);
    await police.decideFlag(flagId, admin.id, status, note);
    await auditRepository(context.tx).record({
      actorId: admin.id,
      action: `plate.${decision}`,
      target: flag.plateNumber,
      detail: { flagId, note },
      ip: context.ip,
    });
    const outcome =
      status === 'Dismissed'
        ? 'was dismissed: the plate stays as it is'
        : status === 'Revoked'
          ? 'led to the plate being revoked'
          : 'led to the plate being recorded as stolen';
    await notify(context.tx, flag.officerId, {
      kind: 'flag-decided',
      title: `Flag on ${flag.plateNumber} decided`,
      body: `Your flag (${flag.suspicion.toLowerCase()}) ${outcome}.${note ? ` Note: ${note}` : ''}`,
      link: '/dashboard/police',
    });
    return { status };
  },
});
