/**
 * One plate, one life (docs/plate-lifecycle.md). Every step of a plate handed out through
 * Nambala goes through here, inside the caller's transaction: the number held for its
 * owner (a marketplace purchase, an approved application), made by a shop, and registered
 * by the shop's whitebook sale, which issues the signed credential. Each step writes the
 * plate's row, gives its registry bucket a new version (officers' copies fetch it), puts
 * the owner's view of the plate in the change log and records an audit entry, all in the
 * same transaction, so a step is recorded once or not at all.
 */
import type { WhitebookEntry } from '#domain/agent/workspace';
import { collectionDateAfter, type PlateSource, stageAfterManufacturing } from '#domain/plates/lifecycle';
import { registryBucketOf, type RegistryStanding } from '#domain/registry/registry-copy';
import { formatShopOrder } from '#domain/orders/order-references';
import type { ManufacturingStatus } from '#domain/statuses/statuses';
import { issuePlate } from '../credentials/issue';
import type { Signer } from '../credentials/key-store';
import type { Queryable } from '../db/database';
import { notify } from '../notifications/notify';
import { blankSerialRepository } from '../repositories/blank-serial-repository';
import { agentRepository } from '../repositories/agent-repository';
import { queuePlateEvent } from '../partners/webhooks';
import { auditRepository } from '../repositories/audit-repository';
import { changeLogRepository } from '../repositories/change-log-repository';
import { fleetRepository } from '../repositories/fleet-repository';
import { type HeldPlate, plateRepository } from '../repositories/plate-repository';
import { applicationRepository } from '../repositories/application-repository';
import { type RegisteredPlate, registryRepository } from '../repositories/registry-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { shopRepository } from '../repositories/shop-repository';
import { userRepository } from '../repositories/user-repository';
import { formatDay } from '#domain/dates/calendar-day';

/** The entity name of an owner's plate on their devices. */
export const OWNED_PLATE_ENTITY = 'ownedPlate';

export const NO_SIGNING_KEY = 'The registry cannot sign credentials on this server (its signing key is not here).';

export interface Actor {
  id: string | null;
  ip?: string | null;
}

export interface HoldInput {
  plateNumber: string;
  ownerId: string;
  /** Who the number is for, as the order names them: the sale registers it only to this NRC. */
  ownerName: string;
  ownerNrc: string;
  source: PlateSource;
  sourceRef: string;
  agentId: string | null;
  orderId: string | null;
  at: Date;
}

/** Why a whitebook sale of a number cannot be recorded; undefined when it can. */
export type SaleRefusal = { reason: 'registered'; since: string } | { reason: 'other-shop' };

export function plateLifecycle(tx: Queryable) {
  const plates = plateRepository(tx);
  const registry = registryRepository(tx);
  const audit = auditRepository(tx);
  const log = changeLogRepository(tx);

  /** Puts the owner's view of the plate on their devices (and takes it off a previous owner's). */
  async function publish(plateNumber: string, previousOwnerId?: string): Promise<void> {
    const view = await plates.view(plateNumber);
    if (previousOwnerId && previousOwnerId !== view?.ownerId)
      await log.record([`user:${previousOwnerId}`], OWNED_PLATE_ENTITY, plateNumber, 'delete', null);
    if (view) await log.record([`user:${view.ownerId}`], OWNED_PLATE_ENTITY, plateNumber, 'put', { ...view });
  }

  /** The shop's order as its log lines name it: 'ORD-012 for LP-000009 / REQ-009' (the number alone when it is gone). */
  async function orderLine(agentId: string | null, orderId: string | null): Promise<string | undefined> {
    if (agentId === null || orderId === null) return undefined;
    const order = await agentRepository(tx).findOrder(agentId, orderId);
    return order ? formatShopOrder(order) : orderId;
  }

  async function hold(input: HoldInput, actor: Actor): Promise<boolean> {
    const bucket = registryBucketOf(input.plateNumber);
    if (!(await plates.hold({ ...input, heldAt: input.at.toISOString(), bucket }))) return false;
    await registry.touchBuckets([bucket]);
    await publish(input.plateNumber);
    await audit.record({
      actorId: actor.id,
      action: 'plate.held',
      target: input.plateNumber,
      detail: {
        ownerId: input.ownerId,
        source: input.source,
        sourceRef: input.sourceRef,
        agentId: input.agentId,
        orderId: input.orderId,
        order: await orderLine(input.agentId, input.orderId),
      },
      ip: actor.ip ?? null,
    });
    return true;
  }

  /**
   * A registered plate's standing changed by the administrator: revoked (on an officer's
   * flag, or a registration made in error) or recorded stolen. Nothing is re-issued: the
   * plate's bucket gets a new version, so every device's revocation list carries it, and
   * the owner's devices show the new standing. Undefined when the plate is not registered.
   */
  async function changeStanding(
    plateNumber: string,
    standing: Exclude<RegistryStanding, 'Valid'>,
    at: Date = new Date(),
  ): Promise<RegisteredPlate | undefined> {
    const changed = await registry.setStanding(plateNumber, standing);
    if (!changed) return changed;
    await publish(plateNumber);
    // Partners following the plate are told, by a delivery committed with the change (docs/partner-api.md).
    await queuePlateEvent(tx, standing === 'Stolen' ? 'plate.stolen' : 'plate.revoked', plateNumber, at);
    return changed;
  }

  return {
    publish,
    hold,
    changeStanding,

    /**
     * A marketplace purchase: the number is held for the buyer and the shop they chose (while
     * it is still active), or else the shop with the least work, gets an order to make it for
     * their vehicle (none active: it waits, held, for an administrator).
     */
    async holdForPurchase(
      input: {
        plateNumber: string;
        buyerId: string;
        ownerName: string;
        ownerNrc: string;
        orderRef: string;
        vehicle?: string;
        shopId?: string | null;
        /** Where the buyer asked for the plate to be delivered; none: collected from the shop. */
        deliveryAddress?: string | null;
        at: Date;
      },
      actor: Actor,
    ): Promise<HeldPlate | undefined> {
      const requests = applicationRepository(tx);
      const chosen = input.shopId ? await shopRepository(tx).activeShop(input.shopId) : undefined;
      const shop = chosen ?? (await requests.leastLoadedAgent());
      let orderId: string | null = null;
      if (shop) {
        const buyer = await userRepository(tx).findById(input.buyerId);
        const order = await agentRepository(tx).addOrder({
          agentId: shop.id,
          customerName: input.ownerName,
          customerNrc: input.ownerNrc,
          customerPhone: buyer?.phone ?? '',
          plateNumber: input.plateNumber,
          plateType: 'Marketplace',
          vehicle: input.vehicle ?? '',
          collectionDate: collectionDateAfter(input.at),
          createdAt: input.at.toISOString(),
          reference: input.orderRef,
          requestId: null,
          deliveryAddress: input.deliveryAddress ?? null,
        });
        orderId = order?.id ?? null;
      }
      await hold(
        {
          plateNumber: input.plateNumber,
          ownerId: input.buyerId,
          ownerName: input.ownerName,
          ownerNrc: input.ownerNrc,
          source: 'marketplace',
          sourceRef: input.orderRef,
          agentId: shop?.id ?? null,
          orderId,
          at: input.at,
        },
        actor,
      );
      return plates.find(input.plateNumber);
    },

    /** Numbers taken back before they were registered (an application rejected after approval). */
    async release(plateNumbers: readonly string[], actor: Actor): Promise<void> {
      const released = await plates.release(plateNumbers);
      await registry.touchBuckets(released.map((plate) => plate.bucket));
      for (const plate of released) {
        await log.record([`user:${plate.ownerId}`], OWNED_PLATE_ENTITY, plate.plateNumber, 'delete', null);
        await audit.record({
          actorId: actor.id,
          action: 'plate.released',
          target: plate.plateNumber,
          detail: { ownerId: plate.ownerId, sourceRef: plate.sourceRef },
          ip: actor.ip ?? null,
        });
      }
    },

    /**
     * A shop's manufacturing record for a plate: a held plate the record says exists is
     * Made; ready for collection tells the owner where and from when. Records for numbers
     * not held through Nambala, or held for another shop, change nothing here.
     */
    async recordManufacturing(
      agentId: string,
      plateNumber: string,
      status: ManufacturingStatus,
      at: Date,
    ): Promise<void> {
      const plate = await plates.find(plateNumber, { forUpdate: true });
      if (!plate || plate.agentId !== agentId) return;
      const next = stageAfterManufacturing(plate.stage, status);
      if (next !== plate.stage) {
        await plates.setStage(plateNumber, next, at);
        await registry.touchBuckets([plate.bucket]);
        await audit.record({
          actorId: agentId,
          action: 'plate.made',
          target: plateNumber,
          detail: { ownerId: plate.ownerId, order: await orderLine(agentId, plate.orderId), status },
        });
      }
      await publish(plateNumber);
      if (status === 'Ready for Collection' && plate.stage !== 'Registered') {
        const view = await plates.view(plateNumber);
        const where = view?.shopName ?? 'the plate shop';
        const when = view?.collectionDate ? ` from ${formatDay(view.collectionDate)}` : '';
        await notify(tx, plate.ownerId, {
          kind: 'plate-ready',
          title: `Plate ${plateNumber} is ready for collection`,
          body: `Your plate ${plateNumber} is ready for collection at ${where}${when}. Bring your NRC and the vehicle's details: the shop fits the plate and registers it to your vehicle.`,
          link: '/dashboard/user/plates',
        });
      }
    },

    /**
     * Checked before a whitebook sale is stored: a number already registered is a clone;
     * a number another shop is making for its owner is not this shop's to sell. Also says
     * which numbers are held for owners (their sale issues a registration), in one read
     * however many sales a push carries.
     */
    async checkSales(
      agentId: string,
      entries: readonly Pick<WhitebookEntry, 'plateNumber'>[],
    ): Promise<{ refusals: Array<SaleRefusal | undefined>; held: Set<string> }> {
      const numbers = [...new Set(entries.map((entry) => entry.plateNumber))];
      if (numbers.length === 0) return { refusals: [], held: new Set() };
      const standing = await plates.forSale(numbers);
      const refusals = entries.map((entry): SaleRefusal | undefined => {
        const number = standing.get(entry.plateNumber);
        if (number?.registeredOn) return { reason: 'registered', since: number.registeredOn };
        if (number?.shop && number.shop !== agentId) return { reason: 'other-shop' };
        return undefined;
      });
      const held = [...standing].filter(([, number]) => number.held).map(([plateNumber]) => plateNumber);
      return { refusals, held: new Set(held) };
    },

    /**
     * The whitebook sale of a number held for its owner: the registration with owner and
     * vehicle, dated the day of the sale, expiring after the validity in the settings, and
     * its signed credential. Returns undefined for a number Nambala did not hand out (the
     * sale stays in the whitebook for the administrator's compliance review).
     */
    async register(
      agentId: string,
      sale: WhitebookEntry,
      signer: Signer | null,
      at: Date,
    ): Promise<RegisteredPlate | undefined> {
      const plate = await plates.find(sale.plateNumber, { forUpdate: true });
      if (!plate || plate.stage === 'Registered') return undefined;
      if (!signer) throw new Error(NO_SIGNING_KEY);
      await signer.catchUp?.(tx);
      const { settings } = await settingsRepository(tx).pricing();
      const issued = issuePlate(
        signer,
        {
          plateNumber: sale.plateNumber,
          make: sale.vehicleMake,
          model: sale.vehicleModel,
          colour: sale.vehicleColour,
          year: sale.vehicleYear,
          chassisNumber: sale.chassisNumber,
          // Registered to the person the number was issued to, as the order named them (the
          // sale's NRC was checked against it); the name typed at the counter is the whitebook's.
          ownerName: plate.ownerName || sale.ownerName,
          ownerNrc: plate.ownerNrc || sale.ownerNrc,
          registrationDate: sale.saleDate,
        },
        settings.validityYears,
      );
      await registry.insertMany([issued]);
      await registry.setOwnerId(sale.plateNumber, plate.ownerId);
      // The registry keeps the blanks the plate was made on, so an officer can compare the stamped serials (decision 042).
      const serials = await blankSerialRepository(tx).plateSerials(plate.agentId ?? agentId, sale.plateNumber);
      if (serials) await registry.setSerials(sale.plateNumber, serials);
      if (plate.agentId === null) await plates.setShop(sale.plateNumber, agentId, plate.orderId);
      await plates.setStage(sale.plateNumber, 'Registered', at);
      await registry.touchBuckets([plate.bucket]);
      if (plate.orderId) await agentRepository(tx).fulfilOrdersForPlate(plate.agentId ?? agentId, sale.plateNumber);
      await publish(sale.plateNumber);
      // The plate goes on the owner's vehicle in their fleet (found by chassis number, or made from the sale).
      await fleetRepository(tx).fitRegisteredPlate(
        plate.ownerId,
        {
          plateNumber: sale.plateNumber,
          make: sale.vehicleMake,
          model: sale.vehicleModel,
          colour: sale.vehicleColour,
          year: sale.vehicleYear,
          chassisNumber: sale.chassisNumber,
        },
        at,
      );
      await audit.record({
        actorId: agentId,
        action: 'plate.registered',
        target: sale.plateNumber,
        detail: {
          ownerId: plate.ownerId,
          order: await orderLine(plate.agentId ?? agentId, plate.orderId),
          whitebookEntry: sale.id,
          registrationDate: issued.registrationDate,
          expiryDate: issued.expiryDate,
          keyId: issued.keyId,
        },
      });
      // The owner hears of it at once, with the shop and the vehicle, so a registration they did not make is reported.
      const shop = await userRepository(tx).findById(agentId);
      await notify(tx, plate.ownerId, {
        kind: 'plate-registered',
        title: `Plate ${sale.plateNumber} registered`,
        body: `${sale.plateNumber} was registered to you at ${shop ? (shop.businessName ?? shop.name) : 'a plate shop'} with a ${sale.vehicleColour} ${sale.vehicleMake} ${sale.vehicleModel}, valid until ${formatDay(issued.expiryDate)}. Its certificate and QR code are in your dashboard. Not you? Report it from My Plates & Orders.`,
        link: `/dashboard/user/plates?report=${encodeURIComponent(sale.plateNumber)}`,
      });
      return registry.find(sale.plateNumber);
    },

    /**
     * A registration the administrator found was made in error (the wrong owner, a number the
     * shop was never given): revoked with the reason, and the owner and the shop that
     * recorded it are told. Undefined when the plate has no registration in good standing.
     */
    async revokeInError(
      plateNumber: string,
      reason: string,
      actor: Actor & { alertId: string },
    ): Promise<RegisteredPlate | undefined> {
      const current = await registry.find(plateNumber);
      if (current?.standing !== 'Valid') return undefined;
      const revoked = await changeStanding(plateNumber, 'Revoked');
      if (!revoked) return undefined;
      const plate = await plates.find(plateNumber);
      await audit.record({
        actorId: actor.id,
        action: 'plate.revoked',
        target: plateNumber,
        detail: { alertId: actor.alertId, reason, ownerId: plate?.ownerId ?? null },
        ip: actor.ip ?? null,
      });
      const told = `The registry found that the registration of ${plateNumber} (${revoked.colour} ${revoked.make} ${revoked.model}, registered ${formatDay(revoked.registrationDate)}) was made in error and revoked it: ${reason}`;
      if (plate) {
        await notify(tx, plate.ownerId, {
          kind: 'plate-revoked',
          title: `Registration of ${plateNumber} revoked`,
          body: `${told}. Its QR code and certificate no longer verify and nothing new is issued; the registry will contact you about registering it correctly.`,
          link: '/dashboard/user/plates',
        });
      }
      if (plate?.agentId) {
        await notify(tx, plate.agentId, {
          kind: 'plate-revoked',
          title: `Registration of ${plateNumber} revoked`,
          body: `${told}.`,
          link: '/dashboard/agent',
        });
      }
      return revoked;
    },
  };
}

export type PlateLifecycle = ReturnType<typeof plateLifecycle>;
