import type { Upcaster } from '../infrastructure/eventstore/upcasting';

/** Event shape upgrades, oldest first. Empty while every event is at its first version. */
export const upcasters: Upcaster[] = [];
